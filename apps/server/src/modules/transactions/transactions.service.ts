/** Transactions: record, read, change, delete, list by month, search. */
import {
  type AccountMonth,
  type MonthParams,
  SPLITS_MUST_ADD_UP,
  type Transaction,
  type TransactionBody,
} from '@mindspend/api-contract';
import { type CurrencyCode, monthRange, splitsAddUp, toCents } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAmountsFit } from '../../db/book-amounts';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { type Feelings, clearFeelings, feelingsOf, recordFeeling, sharedFeelingsAbout } from '../../db/feelings';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { isHidden } from '../../db/private-accounts';
import { listAccountsForMonth, requireAccount, requireAccountCurrency } from '../accounts';
import { findSubcategories } from '../categories';
import { findEntity } from '../entities';
import { type AmountsInBase, amountsInBase } from '../fx-rates';
import { monthOfDate, notifyPassedRegretCaps } from '../regret-caps';
import {
  type TransactionFilter,
  type TransactionValues,
  deleteTransaction,
  insertTransaction,
  listSplits,
  listSplitsOf,
  listTransactions,
  replaceSplits,
  rowCurrencies,
  updateTransaction,
} from './transactions.repo';
import { presentTransactions } from './transactions.presenter';
import { newExpense, notifyRegretRadar, wireRegretWarning } from '../regret-radar';
import { deleteTransferAndLegs, transferOfLeg } from './transfer-legs.repo';
import { writeWithEvents } from './transaction-webhooks';
import { transactionData } from '../webhooks';

/** Deleting a leg deletes the transfer, and the other leg is in an account the caller cannot see. */
export const TRANSFER_WITH_PRIVATE_ACCOUNT = 'This transfer moves money to or from an account private to another member: only they can delete it.';
export const EDIT_THE_TRANSFER = 'This is one side of a transfer between your accounts: change the transfer, so both sides stay alike.';

/** Most results a search returns; the ledger shows them newest first. */
const SEARCH_LIMIT = 200;

/**
 * Transactions matching the filter, presented with their split lines, newest first, with the
 * feelings of `feelings`' member and those the other members share (db/feelings.ts).
 */
export async function findTransactions(
  db: Kysely<Database>,
  feelings: Feelings,
  filter: TransactionFilter,
  limit?: number,
): Promise<Transaction[]> {
  // A capped list takes the split lines of the rows it kept, not of every match.
  const [rows, allSplits] = await Promise.all([
    listTransactions(db, feelings, filter, limit),
    limit === undefined ? listSplits(db, filter) : undefined,
  ]);
  const ids = rows.map((row) => row.id);
  const [splits, shared, currencies] = await Promise.all([
    allSplits ?? listSplitsOf(db, filter.book.bookId, ids),
    sharedFeelingsAbout(db, feelings, ids),
    rowCurrencies(db, filter.book.bookId),
  ]);
  return presentTransactions(rows, splits, currencies, shared);
}

/** One of the book's transactions, or 404. */
export async function getTransaction(deps: AppDeps, scope: BookScope, transactionId: number): Promise<Transaction> {
  return findTransaction(deps.db, await feelingsOf(deps.db, scope), transactionId);
}

/** One of the book's transactions as the API shows it to `feelings`' member, or 404. */
export async function findTransaction(db: Kysely<Database>, feelings: Feelings, transactionId: number): Promise<Transaction> {
  const [transaction] = await findTransactions(db, feelings, { book: feelings, transactionId });
  if (!transaction) throw notFound('Transaction');
  return transaction;
}

/**
 * Checks the amounts fit the account's currency and the entity and sub-categories belong to the
 * book and suit the type; returns the lines, in the account's currency.
 */
async function checkReferences(db: Kysely<Database>, bookId: number, body: TransactionBody, currency: CurrencyCode) {
  const type = body.type ?? 'expense';
  requireAmountsFit(currency, { amount: body.amount, subcategories: body.subcategories?.map((line) => line.amount) });
  const amountCents = toCents(body.amount ?? 0);
  if (body.entity_id != null && !(await findEntity(db, bookId, body.entity_id))) {
    throw validationFailed({ entity_id: ['The selected payee does not exist.'] });
  }
  const lines = body.subcategories ?? [];
  const found = await findSubcategories(
    db,
    bookId,
    lines.map((line) => line.id),
  );
  for (const line of lines) {
    const subcategory = found.find((candidate) => candidate.id === line.id);
    if (!subcategory) throw validationFailed({ subcategories: [`Sub-category ${line.id} does not exist.`] });
    if (subcategory.type !== type) {
      throw validationFailed({ subcategories: [`${subcategory.name} is not an ${type} sub-category.`] });
    }
  }
  return lines.map((line) => ({
    subcategoryId: line.id,
    amountCents: line.amount === undefined ? amountCents : toCents(line.amount),
  }));
}

/** The feeling the body sets (null: none), or undefined when it leaves the feeling as it is. */
function feelingOf(body: TransactionBody): string | null | undefined {
  const feelings = body.emotion_names ?? body.emotions;
  return feelings === undefined ? undefined : (feelings[0] ?? null);
}

/**
 * The row's values from the body, fields left out keeping `previous`'s. The feeling is the
 * transaction's own column only in a personal book (db/feelings.ts).
 */
function valuesFrom(
  body: TransactionBody,
  previous: Omit<TransactionValues, 'updated_at'> | null,
  feelings: Feelings,
  now: string,
): TransactionValues {
  const feeling = feelingOf(body);
  const keep = <K extends Exclude<keyof TransactionValues, 'updated_at'>>(
    key: K,
    value: TransactionValues[K] | undefined,
  ) => (value === undefined ? (previous ? previous[key] : null) : value);
  return {
    type: body.type ?? previous?.type ?? 'expense',
    amount_cents: toCents(body.amount ?? 0),
    date: body.date ?? previous?.date ?? now.slice(0, 10),
    entity_id: keep('entity_id', body.entity_id),
    description: keep(
      'description',
      body.description === undefined ? undefined : body.description?.trim() || null,
    ),
    notes: keep('notes', body.notes === undefined ? undefined : body.notes?.trim() || null),
    payment_method: keep('payment_method', body.payment_method),
    purpose: keep('purpose', body.purpose),
    emotion: feelings.shared ? null : feeling === undefined ? (previous?.emotion ?? null) : feeling,
    pending: body.pending === undefined ? (previous?.pending ?? 0) : body.pending ? 1 : 0,
    // Set from the account's currency by withStoredAmounts below.
    account_amount_cents: null,
    fx_rate: null,
    fx_date: null,
    updated_at: now,
  };
}

/** The values with the stored amounts (fx-rates/amounts-in-base.ts) in place of the account's amount. */
function withStoredAmounts(values: TransactionValues, stored: AmountsInBase): TransactionValues {
  const { lines: _lines, ...amounts } = stored;
  return { ...values, ...amounts };
}

/** Records a transaction on one of the user's accounts, with its split lines, atomically. */
export function createTransaction(
  deps: AppDeps,
  scope: BookScope,
  accountId: number,
  body: TransactionBody,
): Promise<Transaction> {
  const now = isoNow(deps.clock);
  return sendingEvents(deps, writeInBook(deps, scope, (trx) => writeWithEvents(deps, trx, scope, now, async () => {
    const currency = await requireAccountCurrency(trx, scope, accountId);
    const lines = await checkReferences(trx, scope.bookId, body, currency);
    const feelings = await feelingsOf(trx, scope);
    const typed = valuesFrom(body, null, feelings, now);
    const stored = await amountsInBase(trx, scope.bookId, currency, typed.date, typed.amount_cents, lines);
    const values = withStoredAmounts(typed, stored);
    const transactionId = await insertTransaction(trx, scope.bookId, accountId, values, now);
    if (feelings.shared) await recordFeeling(trx, feelings, [transactionId], { first: feelingOf(body) }, now);
    await replaceSplits(trx, scope.bookId, transactionId, stored.lines);
    await notifyPassedRegretCaps(trx, deps.clock, scope, [monthOfDate(values.date)]);
    const [warning] = values.type === 'expense' ? await notifyRegretRadar(trx, scope, [newExpense(values, stored.lines)], now) : [];
    const created = await findTransaction(trx, feelings, transactionId);
    // The answer says it at once, so the form can tell the person as they save (DECISIONS.md #57).
    created.regret_warning = warning ? wireRegretWarning(warning) : null;
    return { result: created, events: [{ event: 'transaction.created', accountId, data: transactionData(created) }] };
  })));
}

/**
 * Changes a transaction; fields left out keep their value, `subcategories: []` uncategorizes. The
 * row is read and merged under the book's write lock (db/book-scope.ts), so two edits of
 * different fields sent at once both land.
 */
export function editTransaction(
  deps: AppDeps,
  scope: BookScope,
  transactionId: number,
  body: TransactionBody,
): Promise<Transaction> {
  const now = isoNow(deps.clock);
  return sendingEvents(deps, writeInBook(deps, scope, (trx) => writeWithEvents(deps, trx, scope, now, async () => {
    const feelings = await feelingsOf(trx, scope);
    const [previous] = await listTransactions(trx, feelings, { book: scope, transactionId });
    if (!previous) throw notFound('Transaction');
    if (previous.transfer_id !== null) throw validationFailed({ type: [EDIT_THE_TRANSFER] });
    const currency = await requireAccountCurrency(trx, scope, previous.account_id);
    const lines = await checkReferences(trx, scope.bookId, body, currency);
    const splitsChange = body.subcategories !== undefined;
    if (!splitsChange) {
      // The amount may change while the category stays: a single line follows it, a split cannot.
      const amountCents = toCents(body.amount ?? 0);
      const current = await listSplits(trx, { book: scope, transactionId });
      const kept = current.map((line) => ({
        subcategoryId: line.subcategory_id,
        amountCents: Number(line.account_amount_cents ?? line.amount_cents),
      }));
      if (current.length > 1 && !splitsAddUp(amountCents, kept))
        throw validationFailed({ subcategories: [SPLITS_MUST_ADD_UP] });
      if (current.length === 1 && current[0])
        lines.push({ subcategoryId: current[0].subcategory_id, amountCents });
      // A split kept as it is is shared out again: the day, and so the rate, may have changed.
      else lines.push(...kept);
    }
    const typed = valuesFrom(body, previous, feelings, now);
    const stored = await amountsInBase(trx, scope.bookId, currency, typed.date, typed.amount_cents, lines);
    const values = withStoredAmounts(typed, stored);
    await updateTransaction(trx, scope.bookId, transactionId, values);
    if (feelings.shared) await recordFeeling(trx, feelings, [transactionId], { first: feelingOf(body) }, now);
    // Only an expense has a second look (DECISIONS.md #44): one that became income loses every member's.
    if (values.type === 'income' && previous.type === 'expense') await clearFeelings(trx, scope.bookId, [transactionId], 'second', now);
    if (splitsChange || lines.length > 0) await replaceSplits(trx, scope.bookId, transactionId, stored.lines);
    // A feeling, amount or date changed may pass a budget's regret cap (docs/DECISIONS.md #56).
    await notifyPassedRegretCaps(trx, deps.clock, scope, [monthOfDate(values.date)]);
    const edited = await findTransaction(trx, feelings, transactionId);
    return { result: edited, events: [{ event: 'transaction.updated', accountId: edited.account_id, data: transactionData(edited) }] };
  })));
}

export async function removeTransaction(deps: AppDeps, scope: BookScope, transactionId: number): Promise<void> {
  const now = isoNow(deps.clock);
  await sendingEvents(deps, writeInBook(deps, scope, (trx) => writeWithEvents(deps, trx, scope, now, async () => {
    const [existing] = await listTransactions(trx, await feelingsOf(trx, scope), { book: scope, transactionId });
    if (!existing) throw notFound('Transaction');
    // Removing one leg of a transfer removes the transfer: a lone leg would be a transfer to nowhere.
    const transfer = existing.transfer_id === null ? undefined : await transferOfLeg(trx, scope.bookId, existing.transfer_id);
    // Its other leg may be in another member's private account, which is theirs to change (DECISIONS.md #84).
    if (transfer && (isHidden(scope, transfer.from_account_id) || isHidden(scope, transfer.to_account_id))) {
      throw new HttpError(409, TRANSFER_WITH_PRIVATE_ACCOUNT);
    }
    if (transfer) await deleteTransferAndLegs(trx, scope.bookId, transfer);
    else await deleteTransaction(trx, scope.bookId, transactionId);
    const legs = transfer ? [transfer.from_transaction_id, transfer.to_transaction_id] : [transactionId];
    const accounts = transfer ? [transfer.from_account_id, transfer.to_account_id] : [existing.account_id];
    const events = legs.map((id, index) => ({ event: 'transaction.deleted' as const, accountId: accounts[index] ?? existing.account_id, data: { id } }));
    return { result: undefined, events };
  })));
}

/** The write's result, after telling the webhook sender when it queued deliveries (DECISIONS.md #94). */
async function sendingEvents<T>(deps: AppDeps, write: Promise<{ result: T; queued: number }>): Promise<T> {
  const { result, queued } = await write;
  if (queued > 0) deps.webhooks.kick();
  return result;
}

/** A month of one account, newest first, with split lines: two queries. */
export async function accountMonthTransactions(
  deps: AppDeps,
  scope: BookScope,
  accountId: number,
  month: MonthParams,
) {
  const [, feelings] = await Promise.all([requireAccount(deps.db, scope, accountId), feelingsOf(deps.db, scope)]);
  return findTransactions(deps.db, feelings, { book: scope, accountId, ...monthRange(month.year, month.month) });
}

/** Every account with its month of transactions. */
export async function allAccountsMonthTransactions(
  deps: AppDeps,
  scope: BookScope,
  month: MonthParams,
): Promise<Array<AccountMonth & { transactions: Transaction[] }>> {
  const [accounts, transactions] = await Promise.all([
    listAccountsForMonth(deps, scope, month),
    findTransactions(deps.db, await feelingsOf(deps.db, scope), { book: scope, ...monthRange(month.year, month.month) }),
  ]);
  return accounts.map((account) => ({
    ...account,
    transactions: transactions.filter((transaction) => transaction.account_id === account.id),
  }));
}

/** Expense transactions of a month with a split line in the sub-category, across all accounts. */
export async function subcategoryMonthTransactions(
  deps: AppDeps,
  scope: BookScope,
  subcategoryId: number,
  month: MonthParams,
) {
  return findTransactions(deps.db, await feelingsOf(deps.db, scope), {
    book: scope,
    subcategoryId,
    type: 'expense',
    noTransferLegs: true,
    ...monthRange(month.year, month.month),
  });
}

/** Transactions whose payee, description or notes contain the text, optionally within an account or month. */
export async function searchTransactions(
  deps: AppDeps,
  scope: BookScope,
  query: {
    query: string;
    account_id?: number | undefined;
    month?: number | undefined;
    year?: number | undefined;
  },
): Promise<Transaction[]> {
  if (query.account_id !== undefined) await requireAccount(deps.db, scope, query.account_id);
  const range =
    query.month !== undefined && query.year !== undefined ? monthRange(query.year, query.month) : {};
  return findTransactions(
    deps.db,
    await feelingsOf(deps.db, scope),
    { book: scope, accountId: query.account_id, text: query.query, ...range },
    SEARCH_LIMIT,
  );
}
