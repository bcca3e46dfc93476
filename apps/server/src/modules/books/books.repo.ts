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
