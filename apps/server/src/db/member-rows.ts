/**
 * Rows that are one member's own in a book (issue 25; DECISIONS.md #76, #78): purpose targets,
 * month reflections, pauses (#99), answers about subscriptions (#100). A repo reads or changes them
 * through `ofMember`, the book and the person together, never by the person alone: the same
 * person's rows in another book are not these, and another member's in this book are not theirs.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

export interface BookMember {
  bookId: number;
  userId: number;
}

/** The condition of a member's own rows, on a table with `book_id` and `user_id`. */
export function ofMember(member: BookMember): RawBuilder<SqlBool> {
  return sql<SqlBool>`(book_id = ${member.bookId} and user_id = ${member.userId})`;
}
