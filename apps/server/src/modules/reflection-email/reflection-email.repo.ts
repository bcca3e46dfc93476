/**
 * SQL of the monthly reflection e-mail (docs/DECISIONS.md #59): who receives it, the month's
 * figures (expenses only, transfer legs left out as DECISIONS.md #47 asks), and the claim that
 * lets one e-mail per user and month go out.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

export interface MonthScope {
  /** The recipient's personal book: the e-mail reflects on the person's own money. */
  bookId: number;
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

/** The month's spending: the book's expenses that are not a transfer's leg. */
function spending(db: Kysely<Database>, scope: MonthScope) {
  // A personal book: nobody else's private account is in it.
  return spendingOf(db, { bookId: scope.bookId, hiddenAccountIds: [] }, scope);
}

/** Amount and count per feeling and purpose (at most 5 × 5 rows). */
export async function spendingCells(db: Kysely<Database>, scope: MonthScope) {
  const rows = await spending(db, scope)
    .select((eb) => ['t.emotion', 't.purpose', eb.fn.sum<number>('t.amount_cents').as('amount'), eb.fn.countAll<number>().as('n')])
    .groupBy(['t.emotion', 't.purpose'])
    .execute();
  return rows.map((row) => ({ feeling: row.emotion, purpose: row.purpose, amountCents: Number(row.amount), count: Number(row.n) }));
}

/** Spending and regretted spending per payee (expenses without a payee left out). */
export async function payeeCells(db: Kysely<Database>, scope: MonthScope) {
  const rows = await spending(db, scope)
    .innerJoin('entities as e', (join) => join.onRef('e.id', '=', 't.entity_id').on('e.book_id', '=', scope.bookId))
    .select((eb) => [
      'e.id',
      'e.name',
      eb.fn.sum<number>('t.amount_cents').as('amount'),
      eb.fn.sum<number>(sql<number>`case when t.emotion = 'negative' then t.amount_cents else 0 end`).as('regretted'),
    ])
    .groupBy(['e.id', 'e.name'])
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, amountCents: Number(row.amount), regrettedCents: Number(row.regretted) }));
}

/** The month's second looks per payee (null: none), by first and second feeling. */
export async function secondLookCells(db: Kysely<Database>, scope: MonthScope) {
  const rows = await spending(db, scope)
    .where('t.second_feeling', 'is not', null)
    .leftJoin('entities as e', (join) => join.onRef('e.id', '=', 't.entity_id').on('e.book_id', '=', scope.bookId))
    .select((eb) => ['e.id', 'e.name', 't.emotion', 't.second_feeling', eb.fn.countAll<number>().as('n')])
    .groupBy(['e.id', 'e.name', 't.emotion', 't.second_feeling'])
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, first: row.emotion, second: row.second_feeling, count: Number(row.n) }));
}

export interface Recipient {
  id: number;
  email: string;
  first_name: string | null;
  /** Whose 1st decides when the e-mail is due (DECISIONS.md #85). */
  time_zone: string;
  /** The recipient's personal book. */
  book_id: number;
}

/** Every user who turned the e-mail on. */
export function optedInUsers(db: Kysely<Database>): Promise<Recipient[]> {
  return db
    .selectFrom('users')
    .innerJoin('books', 'books.personal_user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.time_zone', 'books.id as book_id'])
    .where('users.reflection_email_since', 'is not', null)
    .orderBy('users.id')
    .execute();
}

/** The user, if they still want the e-mail (read again under their write lock before sending). */
export function optedInUser(db: Kysely<Database>, userId: number): Promise<Recipient | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('books', 'books.personal_user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.time_zone', 'books.id as book_id'])
    .where('users.id', '=', userId)
    .where('users.reflection_email_since', 'is not', null)
    .executeTakeFirst();
}

export interface ClaimMonth {
  year: number;
  month: number;
}

export async function hasClaim(db: Kysely<Database>, userId: number, at: ClaimMonth): Promise<boolean> {
  const row = await db
    .selectFrom('reflection_emails')
    .select('id')
    .where('user_id', '=', userId)
    .where('year', '=', at.year)
    .where('month', '=', at.month)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the user's e-mail of a month; returns the claim's id, or null when it was already
 * claimed. The unique index decides between two processes, whatever else goes wrong.
 */
export async function claimMonth(db: Kysely<Database>, userId: number, at: ClaimMonth, now: string): Promise<number | null> {
  const row = await db
    .insertInto('reflection_emails')
    .values({ user_id: userId, year: at.year, month: at.month, outbox_id: null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'year', 'month']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function recordOutboxId(db: Kysely<Database>, claimId: number, outboxId: number): Promise<void> {
  await db.updateTable('reflection_emails').set({ outbox_id: outboxId }).where('id', '=', claimId).execute();
}

/** Turns the e-mail off; true when it was on. */
export async function turnOff(db: Kysely<Database>, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ reflection_email_since: null, updated_at: now })
    .where('id', '=', userId)
    .where('reflection_email_since', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function userExists(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
}
