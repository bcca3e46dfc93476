/**
 * What the transactions module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { insertTransaction } from './transactions.repo';
export { findTransactions, subcategoryMonthTransactions } from './transactions.service';
export { deleteTransferAndLegs } from './transfer-legs.repo';
// The bench times a month's rows read and serialized without the answer cache (scripts/bench/answers/).
export { serializeTransactions } from './transactions.serializer';
// Push nudges' feeling buttons record a first feeling as the ledger does (DECISIONS.md #103).
export { recordFirstFeelingIn } from './first-feeling.service';
