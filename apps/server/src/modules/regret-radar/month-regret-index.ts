/**
 * The regret radar's counts for one ledger month, built once per book, feelings revision and
 * month and shared by every answer of that month (one account's, all accounts', one
 * transaction's): a few rows per payee and sub-category from two grouped queries over the index
 * of felt expenses (docs/DECISIONS.md #57). The revision is the database's own counter of changes
 * to felt expenses (migration 0022), read with the request's book before any of the answer's data,
 * exactly as the answer cache files its answers by data revision (lib/answer-cache.ts): a write
 * that touches a feeling moves it on and the next answer builds anew, while the many writes that
 * carry none (an expense typed without one, an import, a bank sync) leave the counts standing.
 */
import type { MonthParams } from '@mindspend/api-contract';
import { type RegretHistory, addMonths, monthRange, regretHistory } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { RequestBook } from '../../db/book-scope';
import { type Feelings, feelingsOf } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { type PlaceDayRow, feltDaysByPayee, feltDaysBySubcategory } from './regret-radar.repo';

export interface MonthRegretIndex {
  payees: Map<number, RegretHistory>;
  subcategories: Map<number, RegretHistory>;
}

/**
 * Books whose indexes are kept, and months kept per book (both least recently used out). A month
 * of the 200,000-transaction bench user is about 5,000 day entries (~300 kB); a typical user's a
 * few dozen. Three months cover a person paging back and forth from the current one.
 */
const MAX_USERS = 100;
const MAX_MONTHS_PER_USER = 3;

/** The request's book, its member and its feelings revision (as the auth plugin read them). */
export type RevisionedBook = Pick<RequestBook, 'bookId' | 'userId' | 'timeZone' | 'personal' | 'feelingsRevision' | 'hiddenAccountIds'>;

interface UserIndexes {
  revision: number;
  months: Map<string, Promise<MonthRegretIndex>>;
}

/**
 * Per database (an app, or a test's app), books in least-recently-used order: a personal book by
 * its id, a member of a shared book by both ids (each member's feelings are their own).
 */
const kept = new WeakMap<Kysely<Database>, Map<string, UserIndexes>>();

/** Day rows of many places, grouped into one history per place. */
export function historiesOf(rows: readonly PlaceDayRow[]): Map<number, RegretHistory> {
  const byPlace = new Map<number, Array<{ date: string; felt: number; regretted: number }>>();
  for (const row of rows) {
    const days = byPlace.get(row.place);
    const day = { date: row.day, felt: row.felt, regretted: row.regretted };
    if (days) days.push(day);
    else byPlace.set(row.place, [day]);
  }
  return new Map([...byPlace].map(([place, days]) => [place, regretHistory(days)]));
}

/**
 * Reads the counts every expense of the month can need. A row dated d looks at (d − 6 months, d):
 * from the first day of the month six back up to the month's last day covers every such window,
 * and the five whole months between are inside every one of them, so they are read as one sum.
 */
async function buildIndex(db: Kysely<Database>, feelings: Feelings, month: MonthParams): Promise<MonthRegretIndex> {
  const ym = { year: month.year, month: month.month };
  const { from: monthFrom, to: monthTo } = monthRange(month.year, month.month);
  const sixBack = addMonths(ym, -6);
  const fiveBack = addMonths(ym, -5);
  const scope = {
    bookId: feelings.bookId,
    feelings,
    from: monthRange(sixBack.year, sixBack.month).from,
    to: monthTo,
    lumped: { from: monthRange(fiveBack.year, fiveBack.month).from, to: monthFrom },
  };
  const payees = await feltDaysByPayee(db, scope);
  const subcategories = await feltDaysBySubcategory(db, scope);
  return { payees: historiesOf(payees), subcategories: historiesOf(subcategories) };
}

/** The month's index at the book's feelings revision: reused while the revision stands. */
export async function monthRegretIndex(db: Kysely<Database>, book: RevisionedBook, month: MonthParams): Promise<MonthRegretIndex> {
  const revision = book.feelingsRevision;
  const feelings = await feelingsOf(db, book);
  // In a shared book the index is the member's: their feelings, less other members' private accounts.
  const keyOf = feelings.shared ? `${book.bookId}:${book.userId}:${book.hiddenAccountIds.join(',')}` : String(book.bookId);
  let users = kept.get(db);
  if (!users) {
    users = new Map();
    kept.set(db, users);
  }
  let mine = users.get(keyOf);
  // A request that read an older revision than one already seen: build for it, keep nothing.
  if (mine && mine.revision > revision) return buildIndex(db, feelings, month);
  if (!mine || mine.revision < revision) mine = { revision, months: new Map() };
  users.delete(keyOf);
  users.set(keyOf, mine);
  for (const [oldest] of users) {
    if (users.size <= MAX_USERS) break;
    users.delete(oldest);
  }

  const key = `${month.year}-${month.month}`;
  const cached = mine.months.get(key);
  if (cached) {
    mine.months.delete(key);
    mine.months.set(key, cached);
    return cached;
  }
  const building = buildIndex(db, feelings, month);
  mine.months.set(key, building);
  for (const [oldest] of mine.months) {
    if (mine.months.size <= MAX_MONTHS_PER_USER) break;
    mine.months.delete(oldest);
  }
  const owner = mine;
  building.catch(() => owner.months.delete(key));
  return building;
}
