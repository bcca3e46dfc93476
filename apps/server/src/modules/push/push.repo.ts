/**
 * SQL of push nudges (migration 0046, DECISIONS.md #103): a person's devices and quiet hours are
 * keyed by their user id; a nudge's purchases are read with that member's feelings (db/feelings.ts)
 * in the nudge's book.
 */
import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { Feelings } from '../../db/feelings';
import { leaseOutboxRow } from '../../db/leased-outbox';
import { hidingPrivate } from '../../db/private-accounts';
import type {
  PushActionTokensTable,
  PushNudgeRow,
  PushNudgesTable,
  PushSubscriptionRow,
  PushSubscriptionsTable,
} from '../../db/push-schema';
import type { Database } from '../../db/schema';

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit. */
const BATCH = 400;

export function listSubscriptionRows(db: Kysely<Database>, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function countSubscriptions(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** True when the person has a device to nudge: the one question an import asks when they have none. */
export async function hasSubscription(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function findSubscriptionByEndpoint(
  db: Kysely<Database>,
  userId: number,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

export function insertSubscription(
  db: Kysely<Database>,
  values: Insertable<PushSubscriptionsTable>,
): Promise<PushSubscriptionRow> {
  return db.insertInto('push_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSubscription(
  db: Kysely<Database>,
  userId: number,
  id: number,
  values: Updateable<PushSubscriptionsTable>,
): Promise<PushSubscriptionRow> {
  return db
    .updateTable('push_subscriptions')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSubscriptionRow(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchSubscription(
  db: Kysely<Database>,
  userId: number,
  id: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export interface QuietRow {
  time_zone: string;
  push_quiet_start: string | null;
  push_quiet_end: string | null;
}

export function quietHoursRow(db: Kysely<Database>, userId: number): Promise<QuietRow | undefined> {
  return db
    .selectFrom('users')
    .select(['time_zone', 'push_quiet_start', 'push_quiet_end'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setQuietHours(
  db: Kysely<Database>,
  userId: number,
  start: string | null,
  end: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ push_quiet_start: start, push_quiet_end: end })
    .where('id', '=', userId)
    .execute();
}

/** The largest transaction id of all: found in the primary key at once, whatever the book's size. */
export async function latestTransactionId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The book's expenses numbered after `afterId` that the member has no feeling about: what an
 * import or a sync (holding the book's lock, so no other write adds rows) has just written.
 */
export async function newUnfeltExpenseIds(
  db: Kysely<Database>,
  feelings: Feelings,
  afterId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .select('t.id')
    .where('t.book_id', '=', feelings.bookId)
    .where('t.id', '>', afterId)
    .where('t.type', '=', 'expense')
    .where('t.transfer_id', 'is', null)
    .where(sql<boolean>`${feelings.first} is null`)
    .$call(hidingPrivate(feelings, 't.account_id'))
    .orderBy('t.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A nudge of the member's in the book not sent nor tried yet, taken to add purchases to: the update
 * holds its row (PostgreSQL) until the write commits, so a sender leasing it meanwhile waits and
 * then reads the purchases added.
 */
export async function joinableNudge(
  db: Kysely<Database>,
  userId: number,
  bookId: number,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('push_nudges')
    .select('id')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .updateTable('push_nudges')
    .set({ error: null })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? row.id : undefined;
}

export async function addNudgeTransactions(
  db: Kysely<Database>,
  nudgeId: number,
  transactionIds: readonly number[],
): Promise<void> {
  for (let start = 0; start < transactionIds.length; start += BATCH) {
    await db
      .insertInto('push_nudge_transactions')
      .values(
        transactionIds
          .slice(start, start + BATCH)
          .map((transactionId) => ({ nudge_id: nudgeId, transaction_id: transactionId })),
      )
      .execute();
  }
}

export async function insertNudge(
  db: Kysely<Database>,
  values: Insertable<PushNudgesTable>,
  transactionIds: readonly number[],
): Promise<number> {
  const { id } = await db.insertInto('push_nudges').values(values).returning('id').executeTakeFirstOrThrow();
  await addNudgeTransactions(db, id, transactionIds);
  return id;
}

/**
 * Takes the nudge for this process until `until` (`db/leased-outbox.ts`) and reads it; undefined
 * when another process has it or it is no longer due.
 */
export async function leaseNudge(
  db: Kysely<Database>,
  id: number,
  now: string,
  until: string,
): Promise<PushNudgeRow | undefined> {
  if (!(await leaseOutboxRow(db, 'push_nudges', id, now, until))) return undefined;
  return db.selectFrom('push_nudges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records what became of a try, and lets the nudge go. */
export async function updateNudge(
  db: Kysely<Database>,
  id: number,
  values: Updateable<PushNudgesTable>,
): Promise<void> {
  await db
    .updateTable('push_nudges')
    .set({ ...values, leased_until: null })
    .where('id', '=', id)
    .execute();
}

export interface WaitingPurchase {
  id: number;
  amount_cents: number;
  payee: string | null;
}

/** The nudge's purchases still expenses of its book that the member has not felt yet. */
export async function waitingPurchases(
  db: Kysely<Database>,
  feelings: Feelings,
  nudgeId: number,
): Promise<WaitingPurchase[]> {
  const rows = await db
    .selectFrom('push_nudge_transactions as n')
    .innerJoin('transactions as t', 't.id', 'n.transaction_id')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select(['t.id', 't.amount_cents', 'e.name as entity_name', 't.description'])
    .where('n.nudge_id', '=', nudgeId)
    .where('t.book_id', '=', feelings.bookId)
    .where('t.type', '=', 'expense')
    .where(sql<boolean>`${feelings.first} is null`)
    .$call(hidingPrivate(feelings, 't.account_id'))
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amount_cents: Number(row.amount_cents),
    payee: row.entity_name ?? row.description,
  }));
}

export async function insertActionToken(
  db: Kysely<Database>,
  values: Insertable<PushActionTokensTable>,
): Promise<void> {
  await db.insertInto('push_action_tokens').values(values).execute();
}

export function findActionToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('push_action_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends the token: one update that succeeds once, and only before it expires. */
export async function spendActionToken(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('push_action_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets tokens that expired before `before`, and nudges that ended before it. */
export async function pruneOld(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('push_action_tokens').where('expires_at', '<', before).execute();
  await db
    .deleteFrom('push_nudges')
    .where('status', '!=', 'pending')
    .where('created_at', '<', before)
    .execute();
}
