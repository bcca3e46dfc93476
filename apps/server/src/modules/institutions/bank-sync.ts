/**
 * One linked bank's transactions brought up to date: the provider's changes since the saved
 * cursor are written through the ledger writer (same payees and categorization as a file
 * import), corrected and withdrawn ones follow, and the new cursor is saved in the SAME database
 * transaction, so a failure leaves neither rows without their cursor nor a cursor without its rows.
 */
import { consentState } from '@mindspend/domain';
import type { LinkedInstitutionRow } from '../../db/bank-link-schema';
import { endTransfers } from '../../db/transfer-links';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { requireAccount } from '../accounts';
import { rowConverter } from '../fx-rates';
import { insertRows, knownImportKeys } from '../ledger-writer';
import { markBeforeNewRows, queuePushNudge } from '../push';
import { withRuleOutcomes } from '../rules';
import { type BankLink, providerFor } from './bank-link';
import { BankLoginRequired, type BankTransaction, type TransactionChanges } from './bank-link-provider';
import { bankImportKey, preparedBankRow, refuseForeignCurrency } from './bank-mapping';
import {
  accountMap,
  adjustSplits,
  deleteByImportKeys,
  findByImportKey,
  lockedCursor,
  markPending,
  saveSync,
  setInstitutionStatus,
  updateBankFields,
} from './institutions.repo';

/** The bank asks the person to sign in again; the institution is marked relink_required. */
export class InstitutionNeedsRelink extends Error {
  constructor(
    readonly institutionId: number,
    institutionName: string,
    /** What the provider said (e.g. SimpleFIN's access revoked), for the institution's last sync. */
    readonly providerMessage: string,
  ) {
    super(`${institutionName} needs you to sign in again to keep importing.`);
    this.name = 'InstitutionNeedsRelink';
  }
}

export interface SyncResult {
  imported: number;
  /** The Mindspend accounts the institution feeds. */
  accountIds: number[];
  /** What the provider asked to show the person (SimpleFIN's `errors`). */
  notices: string[];
}

/** Fetches and writes the institution's changes; throws InstitutionNeedsRelink or a 502 HttpError. */
export async function syncInstitution(
  deps: AppDeps,
  link: BankLink,
  scope: BookScope,
  institution: LinkedInstitutionRow,
): Promise<SyncResult> {
  const provider = providerFor(link, institution.provider);
  if (!provider)
    throw new HttpError(409, `${institution.name} was linked through a provider this server no longer offers.`);
  let changes: TransactionChanges;
  try {
    // A consent past its day is not tried at the bank: the link needs re-linking (DECISIONS.md #111).
    if (consentState(institution.consent_expires_at, deps.clock.now()) === 'lapsed')
      throw new BankLoginRequired(`The access you gave ${institution.name} lapsed on ${institution.consent_expires_at?.slice(0, 10)}. Link the bank again to keep importing.`);
    const credential = link.cipher.decrypt(institution.access_token_encrypted);
    changes = await provider.syncTransactions(credential, institution.cursor, deps.clock.now());
  } catch (error) {
    if (error instanceof BankLoginRequired) {
      await setInstitutionStatus(deps.db, scope.bookId, institution.id, 'relink_required');
      throw new InstitutionNeedsRelink(institution.id, institution.name, error.message);
    }
    // The message names the call and the provider's code, never a credential.
    deps.logger.error(
      { institutionId: institution.id, err: error instanceof Error ? error.message : String(error) },
      'bank sync failed',
    );
    throw new HttpError(
      502,
      `${institution.name} could not be reached to import transactions. Please try again later.`,
    );
  }
  return writeChanges(deps, scope, institution, changes);
}

function writeChanges(
  deps: AppDeps,
  scope: BookScope,
  institution: LinkedInstitutionRow,
  changes: TransactionChanges,
): Promise<SyncResult> {
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    const accounts = await accountMap(trx, scope.bookId, institution.id);
    const accountIds = [...accounts.values()];
    const current = await lockedCursor(trx, deps.dialect, scope.bookId, institution.id);
    // Unlinked meanwhile, or another sync of this bank already wrote these very changes.
    if (!current || current.cursor !== institution.cursor) return { imported: 0, accountIds, notices: changes.notices ?? [] };

    let imported = 0;
    const nudgeMark = await markBeforeNewRows(trx, scope.userId);
    const keyOf = (transaction: BankTransaction) => bankImportKey(transaction.id, institution.provider);
    for (const [accountId, transactions] of byAccount(accounts, [...changes.added, ...changes.modified])) {
      const { currency } = await requireAccount(trx, scope, accountId);
      refuseForeignCurrency(transactions, currency);
      const keys = transactions.map(keyOf);
      const seen = await knownImportKeys(trx, deps.dialect, { bookId: scope.bookId, accountId }, keys);
      const fresh = transactions.filter((transaction) => !seen.has(keyOf(transaction)));
      const known = transactions.filter((transaction) => seen.has(keyOf(transaction)));
      const target = { scope, account_id: accountId };
      // The user's rules before history, as for a file import (DECISIONS.md #52).
      const ruled = await withRuleOutcomes(
        trx,
        target,
        fresh.map((transaction) => preparedBankRow(transaction, institution.provider)),
      );
      await insertRows(trx, target, ruled, now, () => undefined, deps.dialect);
      await markPending(
        trx,
        scope.bookId,
        accountId,
        fresh
          .filter((transaction) => transaction.pending)
          .map(keyOf),
      );
      // The bank's amounts are the account's; an account in another currency than the book's keeps them beside the book's figures.
      const convert = known.length === 0 ? null : await rowConverter(trx, scope.bookId, currency);
      for (const transaction of known) {
        const existing = await findByImportKey(trx, scope.bookId, accountId, keyOf(transaction));
        if (!existing) continue;
        const { row } = preparedBankRow(transaction, institution.provider);
        const amounts = convert
          ? await convert(row.date, row.amountCents)
          : { amount_cents: row.amountCents, account_amount_cents: null, fx_rate: null, fx_date: null };
        await updateBankFields(trx, scope.bookId, existing.id, { type: row.type, ...amounts, date: row.date, pending: transaction.pending ? 1 : 0, updated_at: now });
        await adjustSplits(trx, scope.bookId, existing.id, existing.type !== row.type, amounts);
        // A corrected side no longer matches the other leg: the transfer ends (docs/DECISIONS.md #48).
        const changed = existing.type !== row.type || Number(existing.account_amount_cents ?? existing.amount_cents) !== row.amountCents;
        if (existing.transfer_id !== null && changed)
          await endTransfers(trx, scope.bookId, [existing.transfer_id], now);
      }
      imported += fresh.length;
    }
    const removedKeys = changes.removed.map((id) => bankImportKey(id, institution.provider));
    await deleteByImportKeys(trx, scope.bookId, accountIds, removedKeys, now);
    // One "how did that feel?" for the member who synced, about the new expenses without a feeling (DECISIONS.md #103).
    await queuePushNudge(trx, scope, nudgeMark, now);
    await saveSync(trx, scope.bookId, institution.id, changes.nextCursor, now);
    return { imported, accountIds, notices: changes.notices ?? [] };
  });
}

/**
 * Groups transactions by the Mindspend account they go to, one per bank id (a later version of a
 * transaction wins). Accounts opened at the bank after linking have no Mindspend account: skipped.
 */
function byAccount(
  accounts: Map<string, number>,
  transactions: BankTransaction[],
): Map<number, BankTransaction[]> {
  // SimpleFIN's ids are unique within an account only: the account is part of the key.
  const latest = new Map(transactions.map((transaction) => [`${transaction.accountId}\n${transaction.id}`, transaction]));
  const grouped = new Map<number, BankTransaction[]>();
  for (const transaction of latest.values()) {
    const accountId = accounts.get(transaction.accountId);
    if (accountId === undefined) continue;
    const list = grouped.get(accountId);
    if (list) list.push(transaction);
    else grouped.set(accountId, [transaction]);
  }
  return grouped;
}

