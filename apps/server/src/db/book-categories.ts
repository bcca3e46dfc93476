/**
 * The category rows a book may use (migration 0042, DECISIONS.md #98): the shared default tree
 * (`book_id` null) and the book's own, never another book's. Every read of `categories` or
 * `subcategories` that lists or checks ids goes through this condition.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export function usableByBook(bookId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(book_id is null or book_id = ${bookId})`;
}
