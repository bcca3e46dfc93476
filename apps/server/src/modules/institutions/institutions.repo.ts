/** SQL of linked banks: institutions, their account links, and the rows a bank sync changes. */
import type { Insertable, Kysely } from 'kysely';
import type {
  BankProviderName,
  InstitutionStatus,
  LinkedAccountsTable,
  LinkedInstitutionRow,
  LinkedInstitutionsTable,
} from '../../db/bank-link-schema';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/schema';
import { endTransfers } from '../../db/transfer-links';
import { storedNotices } from './link-notices';

/** Parameters per IN list: well under SQLite's bound-parameter limit. */
const CHUNK = 400;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

export interface InstitutionSummary {
  id: number;
  name: string;
  status: InstitutionStatus;
  last_synced_at: string | null;
  provider: BankProviderName;
  last_sync_at: string | null;
  last_sync_added: number | null;
  last_sync_error: string | null;
  next_sync_at: string | null;
  notices: string | null;
  consent_expires_at: string | null;
  account_count: number | string | bigint;
}

const SUMMARY_COLUMNS = [
  'i.id',
  'i.name',
  'i.status',
  'i.last_synced_at',
  'i.provider',
  'i.last_sync_at',
  'i.last_sync_added',
  'i.last_sync_error',
  'i.next_sync_at',
  'i.notices',
  'i.consent_expires_at',
] as const;

/** The user's institutions in the order they were linked, with how many accounts each feeds. */
export function listInstitutions(
  db: Kysely<Database>,
  bookId: number,
  institutionId?: number,
): Promise<InstitutionSummary[]> {
  let query = db
    .selectFrom('linked_institutions as i')
    .leftJoin('linked_accounts as a', 'a.institution_id', 'i.id')
    .select(SUMMARY_COLUMNS)
    .select((eb) => eb.fn.count<number>('a.id').as('account_count'))
    .where('i.book_id', '=', bookId)
    .groupBy(SUMMARY_COLUMNS)
    .orderBy('i.id');
  if (institutionId !== undefined) query = query.where('i.id', '=', institutionId);
  return query.execute();
}

export function listInstitutionRows(db: Kysely<Database>, bookId: number): Promise<LinkedInstitutionRow[]> {
  return db
    .selectFrom('linked_institutions')
    .selectAll()
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
}

export function findInstitution(
  db: Kysely<Database>,
  bookId: number,
  institutionId: number,
): Promise<LinkedInstitutionRow | undefined> {
  return db
    .selectFrom('linked_institutions')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', institutionId)
    .executeTakeFirst();
}

export async function insertInstitution(
  db: Kysely<Database>,
  values: Insertable<LinkedInstitutionsTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('linked_institutions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertLinkedAccount(
  db: Kysely<Database>,
  values: Insertable<LinkedAccountsTable>,
): Promise<void> {
  await db.insertInto('linked_accounts').values(values).execute();
}

/** Bank account id → Mindspend account id, for one institution. */
export async function accountMap(
  db: Kysely<Database>,
  bookId: number,
  institutionId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('linked_accounts')
    .select(['provider_account_id', 'account_id'])
    .where('book_id', '=', bookId)
    .where('institution_id', '=', institutionId)
    .execute();
  return new Map(rows.map((row) => [row.provider_account_id, row.account_id]));
}

/** Deletes the link and its account links (cascade); the Mindspend accounts stay. */
export async function deleteInstitution(
  db: Kysely<Database>,
  bookId: number,
  institutionId: number,
): Promise<void> {
  await db
    .deleteFrom('linked_institutions')
    .where('book_id', '=', bookId)
    .where('id', '=', institutionId)
    .execute();
}

export async function setInstitutionStatus(
  db: Kysely<Database>,
  bookId: number,
  institutionId: number,
  status: InstitutionStatus,
): Promise<void> {
  await db
    .updateTable('linked_institutions')
    .set({ status })
    .where('book_id', '=', bookId)
    .where('id', '=', institutionId)
    .execute();
}

/**
 * The institution's cursor, read inside the sync's transaction; on PostgreSQL the row stays locked
 * until it commits, so two syncs of one bank at once write its changes only once.
 */
export async function lockedCursor(
  trx: Kysely<Database>,
  dialect: DialectName,
  bookId: number,
  institutionId: number,
) {
  let query = trx
    .selectFrom('linked_institutions')
    .select('cursor')
    .where('book_id', '=', bookId)
    .where('id', '=', institutionId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function saveSync(
  trx: Kysely<Database>,
  bookId: number,
  institutionId: number,
  cursor: string,
  syncedAt: string,
): Promise<void> {
  await trx
    .updateTable('linked_institutions')
    .set({ cursor, last_synced_at: syncedAt, status: 'connected' })
    .where('book_id', '=', bookId)
    .where('id', '=', institutionId)
    .execute();
}

export async function accountTypeIds(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('account_types').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** An imported transaction by its key, within the book's account. */
export function findByImportKey(db: Kysely<Database>, bookId: number, accountId: number, importKey: string) {
  return db
    .selectFrom('transactions')
    .select(['id', 'type', 'amount_cents', 'account_amount_cents', 'transfer_id'])
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('import_key', '=', importKey)
    .executeTakeFirst();
}

/** The bank's corrections to a transaction it sent before; the person's own fields stay. */
export async function updateBankFields(
  trx: Kysely<Database>,
  bookId: number,
  transactionId: number,
  values: {
    type: 'income' | 'expense';
    /** The book's figure, and the account's own amount where its currency differs (DECISIONS.md #90). */
    amount_cents: number;
    account_amount_cents: number | null;
    fx_rate: string | null;
    fx_date: string | null;
    date: string;
    pending: number;
    updated_at: string;
  },
): Promise<void> {
  await trx
    .updateTable('transactions')
    .set(values)
    .where('book_id', '=', bookId)
    .where('id', '=', transactionId)
    .execute();
}

/** Keeps a transaction's categorization in step with a corrected amount or type. */
export async function adjustSplits(
  trx: Kysely<Database>,
  bookId: number,
  transactionId: number,
  typeChanged: boolean,
  amounts: { amount_cents: number; account_amount_cents: number | null },
): Promise<void> {
  const splits = trx
    .deleteFrom('transaction_splits')
    .where('book_id', '=', bookId)
    .where('transaction_id', '=', transactionId);
  // A sub-category of the other type no longer fits: the row goes back to uncategorized.
  if (typeChanged) {
    await splits.execute();
    return;
  }
  const lines = await trx
    .selectFrom('transaction_splits')
    .select('id')
    .where('book_id', '=', bookId)
    .where('transaction_id', '=', transactionId)
    .execute();
  // One line carries the whole amount; a split over several is the person's to rebalance.
  const [only] = lines;
  if (lines.length === 1 && only)
    await trx
      .updateTable('transaction_splits')
      .set({ amount_cents: amounts.amount_cents, account_amount_cents: amounts.account_amount_cents })
      .where('id', '=', only.id)
      .execute();
}

export async function markPending(
  trx: Kysely<Database>,
  bookId: number,
  accountId: number,
  importKeys: string[],
): Promise<void> {
  for (const keys of chunks(importKeys)) {
    await trx
      .updateTable('transactions')
      .set({ pending: 1 })
      .where('book_id', '=', bookId)
      .where('account_id', '=', accountId)
      .where('import_key', 'in', keys)
      .execute();
  }
}

/** Deletes the bank's withdrawn transactions from the institution's accounts; a transfer they were a leg of ends. */
export async function deleteByImportKeys(
  trx: Kysely<Database>,
  bookId: number,
  accountIds: number[],
  importKeys: string[],
  updatedAt: string,
): Promise<void> {
  if (accountIds.length === 0) return;
  for (const keys of chunks(importKeys)) {
    const legs = await trx
      .selectFrom('transactions')
      .select('transfer_id')
      .where('book_id', '=', bookId)
      .where('account_id', 'in', accountIds)
      .where('import_key', 'in', keys)
      .where('transfer_id', 'is not', null)
      .execute();
    await endTransfers(trx, bookId, legs.flatMap((leg) => (leg.transfer_id === null ? [] : [leg.transfer_id])), updatedAt);
    await trx
      .deleteFrom('transactions')
      .where('book_id', '=', bookId)
      .where('account_id', 'in', accountIds)
      .where('import_key', 'in', keys)
      .execute();
  }
}

/** Every link's sealed credential, for the start-up re-seal (credential-reseal.ts). */
export function sealedCredentials(db: Kysely<Database>) {
  return db.selectFrom('linked_institutions').select(['id', 'access_token_encrypted']).orderBy('id').execute();
}

/** Replaces a sealed credential only while it is still `was`; true when this call replaced it. */
export async function replaceSealedCredential(
  db: Kysely<Database>,
  institutionId: number,
  was: string,
  sealed: string,
): Promise<boolean> {
  const result = await db
    .updateTable('linked_institutions')
    .set({ access_token_encrypted: sealed })
    .where('id', '=', institutionId)
    .where('access_token_encrypted', '=', was)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A sync's result as the person sees it, and when the schedule takes the link up next (DECISIONS.md #106). */
export async function recordSyncResult(
  db: Kysely<Database>,
  institutionId: number,
  result:
    | { ok: true; at: string; added: number; notices: string[]; nextSyncAt: string }
    | { ok: false; at: string; error: string; nextSyncAt: (failures: number) => string },
): Promise<void> {
  if (result.ok) {
    await db
      .updateTable('linked_institutions')
      .set({
        last_sync_at: result.at,
        last_sync_added: result.added,
        last_sync_error: null,
        sync_failures: 0,
        notices: storedNotices(result.notices),
        next_sync_at: result.nextSyncAt,
      })
      .where('id', '=', institutionId)
      .execute();
    return;
  }
  const row = await db.selectFrom('linked_institutions').select('sync_failures').where('id', '=', institutionId).executeTakeFirst();
  if (!row) return;
  const failures = row.sync_failures + 1;
  await db
    .updateTable('linked_institutions')
    .set({
      last_sync_at: result.at,
      last_sync_added: null,
      last_sync_error: result.error.slice(0, 500),
      sync_failures: failures,
      next_sync_at: result.nextSyncAt(failures),
    })
    .where('id', '=', institutionId)
    .execute();
}

/** Links the schedule should sync now: connected, and due (or never scheduled). */
export function dueInstitutionIds(db: Kysely<Database>, now: string, limit: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('linked_institutions')
    .select('id')
    .where('status', '=', 'connected')
    .where((eb) => eb.or([eb('next_sync_at', 'is', null), eb('next_sync_at', '<=', now)]))
    .orderBy('next_sync_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A link by id alone (the schedule's, which acts for no request). */
export function institutionById(db: Kysely<Database>, institutionId: number): Promise<LinkedInstitutionRow | undefined> {
  return db.selectFrom('linked_institutions').selectAll().where('id', '=', institutionId).executeTakeFirst();
}

/** The member the schedule syncs a book's banks as: its owner (the first, should there be several). */
export function bookOwner(db: Kysely<Database>, bookId: number): Promise<{ id: number; time_zone: string } | undefined> {
  return db
    .selectFrom('book_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.time_zone'])
    .where('m.book_id', '=', bookId)
    .where('m.role', '=', 'owner')
    .orderBy('u.id')
    .executeTakeFirst();
}
