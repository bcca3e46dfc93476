/**
 * An Actual Budget export ("Export data" in Actual's settings: a zip of db.sqlite and
 * metadata.json) read into the common `AppExport` of the switching readers. The zip is opened in
 * actual-export-file.ts, the database opened in actual-export-open.ts and read in
 * actual-export-db.ts; here its rows become accounts, transactions, transfers and budgets.
 *
 * Actual has no currency per account (amounts are the budget's one currency), so accounts carry
 * none and land in the book's base currency. Off-budget and closed accounts are brought as
 * ordinary accounts: their transactions are part of the person's history.
 */
import type { AppExport } from '@mindspend/domain';
import { readActualRows } from './actual-export-db';
import { actualDatabaseBytes } from './actual-export-file';
import { actualBudgets, actualNames } from './actual-export-names';
import { actualMoves } from './actual-export-transactions';

export { DATABASE_TOO_LARGE, MAX_ACTUAL_DATABASE_BYTES, NO_DATABASE, NOT_A_ZIP } from './actual-export-file';
export { DAMAGED, NOT_SQLITE } from './actual-export-open';

/**
 * Reads an Actual export zip. Throws an `ImportError` (whole file; its message is for the person)
 * when the file is not a zip, holds no db.sqlite, unpacks too large, or is no Actual database.
 */
export function readActualExport(zip: Uint8Array): AppExport {
  const rows = readActualRows(actualDatabaseBytes(zip));
  const names = actualNames(rows);
  const moves = actualMoves(rows.transactions, names);
  const budgets = actualBudgets(rows, names);
  return {
    app: 'actual',
    accounts: names.accounts,
    transactions: moves.transactions,
    transfers: moves.transfers,
    budgets: budgets.budgets,
    leftBehind: [...moves.leftBehind, ...budgets.leftBehind],
  };
}
