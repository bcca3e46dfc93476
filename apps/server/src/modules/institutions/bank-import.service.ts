/**
 * POST /transactions/import (spec §7, DECISIONS.md #8): brings every linked bank of the person up
 * to date and answers the uncategorized transactions of their accounts, grouped by account.
 */
import type { BankImportResponse, RelinkRequiredBody } from '@mindspend/api-contract';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { listAccounts } from '../accounts';
import { feelingsOf } from '../../db/feelings';
import { findTransactions } from '../transactions';
import { notFound } from '../../lib/http-errors';
import { InstitutionNeedsRelink } from './bank-sync';
import { institutionById, listInstitutionRows } from './institutions.repo';
import { syncWhenFree } from './link-lease';
import { syncAndRecord } from './sync-outcome';

export type BankImportOutcome =
  { ok: true; answer: BankImportResponse } | { ok: false; relink: RelinkRequiredBody };

/**
 * Syncs each linked bank, or only `institutionId` (another book's is a 404); a bank asking for a
 * new sign-in does not stop the others, and is answered.
 */
export async function importFromBanks(deps: AppDeps, scope: BookScope, institutionId?: number): Promise<BankImportOutcome> {
  const link = deps.bankLink;
  const rows = await listInstitutionRows(deps.db, scope.bookId);
  const chosen = institutionId === undefined ? rows : rows.filter((row) => row.id === institutionId);
  if (institutionId !== undefined && chosen.length === 0) throw notFound('Institution');
  if (!link) return { ok: true, answer: { imported: 0, uncategorizedTransactions: [] } };
  let imported = 0;
  const accountIds = new Set<number>();
  let relink: RelinkRequiredBody | undefined;
  for (const institution of chosen) {
    try {
      // After a sync already running on the link (the schedule's) finishes, never beside it, and
      // from the cursor that sync left: the link is read again under the lease.
      const result = await syncWhenFree(deps, institution.id, async () => {
        const current = await institutionById(deps.db, institution.id);
        return current ? syncAndRecord(deps, link, scope, current) : null;
      });
      if (!result) continue;
      imported += result.imported;
      for (const accountId of result.accountIds) accountIds.add(accountId);
    } catch (error) {
      if (!(error instanceof InstitutionNeedsRelink)) throw error;
      relink ??= { message: error.message, institution_id: error.institutionId };
    }
  }
  if (relink) return { ok: false, relink };
  return {
    ok: true,
    answer: { imported, uncategorizedTransactions: await uncategorized(deps, scope, accountIds) },
  };
}

/** The accounts' transactions without a category, newest first, for the categorize step. */
async function uncategorized(
  deps: AppDeps,
  scope: BookScope,
  accountIds: Set<number>,
): Promise<BankImportResponse['uncategorizedTransactions']> {
  const accounts = (await listAccounts(deps.db, scope)).filter((account) => accountIds.has(account.id));
  const feelings = await feelingsOf(deps.db, scope);
  const groups: BankImportResponse['uncategorizedTransactions'] = [];
  for (const account of accounts) {
    const all = await findTransactions(deps.db, feelings, { book: scope, accountId: account.id });
    const transactions = all.filter(
      (transaction) => transaction.subcategories.length === 0,
    );
    if (transactions.length > 0)
      groups.push({ account_id: account.id, account_name: account.name, transactions });
  }
  return groups;
}
