/** SQL of books and their members (issue 25; docs/DECISIONS.md #73). */
import type { Kysely } from 'kysely';
import { PERSONAL_BOOK_NAME } from '../../db/migrations/0028-books';
import type { BookRole, Database } from '../../db/schema';

export { PERSONAL_BOOK_NAME };

/** Creates a book with its first member, the owner; returns its id. */
export async function insertBook(
  db: Kysely<Database>,
  values: { name: string; ownerId: number; personal: boolean; now: string },
): Promise<number> {
  const { id } = await db
    .insertInto('books')
    .values({
      name: values.name,
      personal_user_id: values.personal ? values.ownerId : null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertMember(db, { bookId: id, userId: values.ownerId, role: 'owner', now: values.now });
  return id;
}

export async function insertMember(
  db: Kysely<Database>,
  values: { bookId: number; userId: number; role: BookRole; now: string },
): Promise<void> {
  await db
    .insertInto('book_members')
    .values({ book_id: values.bookId, user_id: values.userId, role: values.role, joined_at: values.now })
    .execute();
}

/** The book's name and whose personal book it is (null: a shared book); the caller knows it exists. */
export function findBook(db: Kysely<Database>, bookId: number) {
  return db.selectFrom('books').select(['name', 'personal_user_id', 'base_currency']).where('id', '=', bookId).executeTakeFirstOrThrow();
}

export interface BookListRow {
  id: number;
  name: string;
  personal_user_id: number | null;
  base_currency: string;
  role: BookRole;
}

/** The books the user belongs to, their personal book first, then by name. */
export function listBooksOf(db: Kysely<Database>, userId: number): Promise<BookListRow[]> {
  return db
    .selectFrom('book_members')
    .innerJoin('books', 'books.id', 'book_members.book_id')
    .select(['books.id', 'books.name', 'books.personal_user_id', 'books.base_currency', 'book_members.role'])
    .where('book_members.user_id', '=', userId)
    .orderBy((eb) => eb.case().when('books.personal_user_id', '=', userId).then(0).else(1).end())
    .orderBy('books.name')
    .orderBy('books.id')
    .execute();
}

export interface MemberRow {
  book_id: number;
  user_id: number;
  role: BookRole;
  joined_at: string;
  share_feelings: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

/** The members of these books, longest-standing first. */
export function listMembersOf(db: Kysely<Database>, bookIds: readonly number[]): Promise<MemberRow[]> {
  if (bookIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('book_members')
    .innerJoin('users', 'users.id', 'book_members.user_id')
    .select([
      'book_members.book_id',
      'book_members.user_id',
      'book_members.role',
      'book_members.joined_at',
      'book_members.share_feelings',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('book_members.book_id', 'in', [...bookIds])
    .orderBy('book_members.joined_at')
    .orderBy('book_members.user_id')
    .execute();
}

export async function renameBook(db: Kysely<Database>, bookId: number, name: string, now: string): Promise<void> {
  await db.updateTable('books').set({ name, updated_at: now }).where('id', '=', bookId).execute();
}

/**
 * The ISO 4217 code the book's figures are in from now on (DECISIONS.md #87), and its accounts'
 * with it: they were all in the old base (the caller checks), whose amounts are relabelled, not
 * converted (DECISIONS.md #90).
 */
export async function setBaseCurrency(db: Kysely<Database>, bookId: number, baseCurrency: string, now: string): Promise<void> {
  await db.updateTable('books').set({ base_currency: baseCurrency, updated_at: now }).where('id', '=', bookId).execute();
  await db.updateTable('accounts').set({ currency: baseCurrency }).where('book_id', '=', bookId).execute();
}

/** The currencies of the book's accounts other than `base`, in order: those a new base would have to convert. */
export async function otherAccountCurrencies(db: Kysely<Database>, bookId: number, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('currency')
    .distinct()
    .where('book_id', '=', bookId)
    .where('currency', '!=', base)
    .orderBy('currency')
    .execute();
  return rows.map((row) => row.currency);
}

/** Deletes the book and, through the foreign keys, every row of it. */
export async function deleteBook(db: Kysely<Database>, bookId: number): Promise<void> {
  await db.deleteFrom('books').where('id', '=', bookId).execute();
}

export async function deleteMember(db: Kysely<Database>, bookId: number, userId: number): Promise<void> {
  await db.deleteFrom('book_members').where('book_id', '=', bookId).where('user_id', '=', userId).execute();
}

/**
 * The member's own choice whether the other members see their feelings in the book. What the
 * others are shown changes with it, so the book's revisions move on: no cached answer (the answer
 * cache, the regret index: DECISIONS.md #22) outlives the choice.
 */
export async function setShareFeelings(db: Kysely<Database>, bookId: number, userId: number, share: boolean): Promise<void> {
  await db
    .updateTable('book_members')
    .set({ share_feelings: share ? 1 : 0 })
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('books')
    .set((eb) => ({ data_revision: eb('data_revision', '+', 1), feelings_revision: eb('feelings_revision', '+', 1) }))
    .where('id', '=', bookId)
    .execute();
}

export async function setMemberRole(db: Kysely<Database>, bookId: number, userId: number, role: BookRole): Promise<void> {
  await db.updateTable('book_members').set({ role }).where('book_id', '=', bookId).where('user_id', '=', userId).execute();
}

/** The shared books (not personal ones) the user belongs to, with their role. */
export function sharedBooksOf(db: Kysely<Database>, userId: number): Promise<{ book_id: number; role: BookRole }[]> {
  return db
    .selectFrom('book_members')
    .innerJoin('books', 'books.id', 'book_members.book_id')
    .select(['book_members.book_id', 'book_members.role'])
    .where('book_members.user_id', '=', userId)
    .where('books.personal_user_id', 'is', null)
    .execute();
}
