/**
 * Writes prepared rows into an account's ledger: finds or creates their payees, categorizes each
 * row (the payee's latest sub-category in the user's own history, else the merchant keyword
 * table), and inserts transactions and split lines in batches. Statement imports
 * (modules/imports) and bank syncs (modules/institutions) both write through it, so both
 * categorize alike; neither depends on the other.
 */
import { categorizeByKeyword, type PreparedRow, storableRow } from '@mindspend/domain';
import type { BookScope } from '../../db/book-scope';
import { type Feelings, feelingsOf, recordFeeling } from '../../db/feelings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAccount } from '../accounts';
import { listSubcategories } from '../categories';
import { type RowAmounts, rowConverter } from '../fx-rates';
import { BULK_BATCH, type NewLedgerRow, insertLedgerRows } from './bulk-insert.repo';
import { entitiesByName, idsByImportKey, insertEntities, latestSubcategoryByEntity } from './ledger-writer.repo';
import {
  type NewExpense,
  REGRET_NOTICE_RECENT_DAYS,
  newExpense,
  notifyRegretRadar,
} from '../regret-radar';

/** Payees per multi-row INSERT: well under SQLite's 32,766 bound parameters. */
const BATCH = 400;

/** Told how far an import has come, 0-100; the ledger writer reports 20-99, after each batch. */
export type ProgressListener = (progress: number) => Promise<void> | void;

/** The account the rows go to, and who writes them in which book (their "today" dates the regret radar). */
export interface LedgerTarget {
  scope: BookScope;
  account_id: number;
}

/**
 * The rows by date, a file's order kept within a day (the sort is stable). Six of the ledger's
 * indexes lead with the date after the user, account or type, so rows in date order land next to
 * each other in every one of them; a file in any other order (the bench's, or several cards'
 * exports pasted together) scattered each row over the whole index: a quarter to a third of the
 * transactions' insert time (docs/DECISIONS.md #65). A bank's file in reverse date order gets ids
 * in date order, like rows typed in as they happen.
 */
function inDateOrder(rows: PreparedRow[]): PreparedRow[] {
  return rows.sort((a, b) => (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : 0));
}

/**
 * In a shared book a rule's feeling is the importing member's own (db/feelings.ts): the rows go in
 * without one, and the member's feelings about them are written after, by feeling.
 */
async function recordRuledFeelings(
  trx: Kysely<Database>,
  feelings: Feelings,
  accountId: number,
  rows: readonly NewLedgerRow[],
  now: string,
): Promise<void> {
  const keysByFeeling = new Map<string, string[]>();
  for (const row of rows) {
    if (row.feeling === null) continue;
    const keys = keysByFeeling.get(row.feeling);
    if (keys) keys.push(row.key);
    else keysByFeeling.set(row.feeling, [row.key]);
  }
  for (const [feeling, keys] of keysByFeeling) {
    await recordFeeling(trx, feelings, await idsByImportKey(trx, feelings.bookId, accountId, keys), { first: feeling }, now);
  }
}

const sameAmount = (amountCents: number): RowAmounts => ({ amount_cents: amountCents, account_amount_cents: null, fx_rate: null, fx_date: null });

/**
 * The stored amounts of rows bound for an account in another currency than the book's, by import
 * key (DECISIONS.md #90): a statement's amounts are the account's, and the book's figures are
 * converted at each day's rate. Empty for an account in the base currency, whose rows are stored
 * as they come.
 */
async function storedAmounts(trx: Kysely<Database>, target: LedgerTarget, rows: readonly PreparedRow[]): Promise<Map<string, RowAmounts>> {
  const account = await requireAccount(trx, target.scope, target.account_id);
  const convert = await rowConverter(trx, target.scope.bookId, account.currency);
  const stored = new Map<string, RowAmounts>();
  if (!convert) return stored;
  for (const prepared of rows) stored.set(prepared.key, await convert(prepared.row.date, prepared.row.amountCents));
  return stored;
}

/**
 * Inserts payees, transactions and split lines in the caller's transaction (which holds the
 * book's write lock); returns how many rows were categorized. Transactions and split lines go in
 * through bulk-insert.repo.ts, a few thousand rows per statement (docs/DECISIONS.md #63).
 */
export async function insertRows(
  trx: Kysely<Database>,
  target: LedgerTarget,
  given: PreparedRow[],
  now: string,
  onProgress: ProgressListener,
  dialect: 'sqlite' | 'postgres',
) {
  const rows = inDateOrder(given.map(storableRow));
  const stored = await storedAmounts(trx, target, rows);
  const feelings = await feelingsOf(trx, target.scope);
  const entityIds = await entitiesByName(trx, target.scope.bookId);
  // A row whose rule sets its payee needs no payee of its bank's name (docs/DECISIONS.md #52).
  const named = rows.filter((prepared) => prepared.ruled?.entityId === undefined);
  const missing = [
    ...new Map(named.map((prepared) => [prepared.entityName.toLowerCase(), prepared])).values(),
  ].filter((prepared) => !entityIds.has(prepared.entityName.toLowerCase()));
  for (let start = 0; start < missing.length; start += BATCH) {
    const created = await insertEntities(
      trx,
      missing.slice(start, start + BATCH).map((prepared) => ({
        book_id: target.scope.bookId,
        name: prepared.entityName,
        name_short: prepared.entityShort,
        address_line1: null,
        address_line2: null,
        city: null,
        state: null,
        zipcode: null,
        created_at: now,
      })),
    );
    for (const entity of created) entityIds.set(entity.name.toLowerCase(), entity.id);
  }

  const entityIdOf = (prepared: PreparedRow) =>
    prepared.ruled?.entityId ?? entityIds.get(prepared.entityName.toLowerCase());
  const history = await latestSubcategoryByEntity(trx, target.scope);
  // The keyword table names default sub-categories: where the book has one of the same name, the default's id wins.
  const byName = new Map(
    (await listSubcategories(trx, target.scope.bookId))
      .reverse()
      .map((subcategory) => [`${subcategory.type}|${subcategory.name}`, subcategory.id]),
  );
  let categorized = 0;
  // The regret radar weighs the new expenses once the whole file is in (docs/DECISIONS.md #57);
  // only recent ones can ring, so an old statement costs no look back over years of feelings, and
  // its rows are not collected for it at all.
  const recentFrom = new Date(Date.parse(now) - (REGRET_NOTICE_RECENT_DAYS + 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const expenses: NewExpense[] = [];
  // A file repeats its payees thousands of times: the keyword table is read once per payee and type.
  const keywordOf = new Map<string, string | null>();
  const byKeyword = (prepared: PreparedRow) => {
    const memo = `${prepared.row.type}|${prepared.entityName}`;
    if (!keywordOf.has(memo))
      keywordOf.set(memo, categorizeByKeyword(prepared.entityName, prepared.row.type));
    return keywordOf.get(memo) ?? null;
  };

  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const batch = rows.slice(start, start + BULK_BATCH).map((prepared): NewLedgerRow => {
      const entityId = entityIdOf(prepared) ?? null;
      const fromHistory = entityId === null ? undefined : history.get(entityId);
      // The user's rules come first, then their history, then the keyword table (DECISIONS.md #52).
      const keyword =
        prepared.ruled?.subcategoryId === undefined && fromHistory === undefined ? byKeyword(prepared) : null;
      const subcategoryId =
        prepared.ruled?.subcategoryId ??
        fromHistory ??
        (keyword ? byName.get(`${prepared.row.type}|${keyword}`) : undefined);
      if (subcategoryId !== undefined) categorized += 1;
      const amounts = stored.get(prepared.key) ?? sameAmount(prepared.row.amountCents);
      if (prepared.row.type === 'expense' && prepared.row.date >= recentFrom) {
        const lines = subcategoryId === undefined ? [] : [{ subcategoryId }];
        expenses.push(
          newExpense(
            { date: prepared.row.date, amount_cents: amounts.amount_cents, entity_id: entityId },
            lines,
          ),
        );
      }
      return {
        key: prepared.key,
        entityId,
        type: prepared.row.type,
        amountCents: amounts.amount_cents,
        accountAmountCents: amounts.account_amount_cents,
        fxRate: amounts.fx_rate,
        fxDate: amounts.fx_date,
        date: prepared.row.date,
        description: (prepared.row.description ?? prepared.row.payee).slice(0, 255) || null,
        notes: prepared.ruled?.notes ?? (prepared.row.memo ? prepared.row.memo.slice(0, 5000) : null),
        purpose: prepared.ruled?.purpose ?? null,
        feeling: prepared.ruled?.feeling ?? null,
        subcategoryId: subcategoryId ?? null,
      };
    });
    await insertLedgerRows(
      trx,
      dialect,
      { book_id: target.scope.bookId, account_id: target.account_id, now },
      feelings.shared ? batch.map((row) => ({ ...row, feeling: null })) : batch,
    );
    if (feelings.shared) await recordRuledFeelings(trx, feelings, target.account_id, batch, now);

    const progress = 20 + Math.round(((start + batch.length) / Math.max(rows.length, 1)) * 75);
    await onProgress(Math.min(progress, 99));
  }
  await notifyRegretRadar(trx, target.scope, expenses, now);
  return categorized;
}
