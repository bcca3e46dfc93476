/** Book rows → the wire shapes of GET /api/books (api-contract books.ts). */
import type { Book, BookMember } from '@mindspend/api-contract';
import type { BookListRow, MemberRow } from './books.repo';

export function presentMember(row: MemberRow): BookMember {
  return {
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    joined_at: row.joined_at,
    share_feelings: row.share_feelings === 1,
  };
}

export function presentBooks(userId: number, books: readonly BookListRow[], members: readonly MemberRow[]): Book[] {
  return books.map((book) => ({
    id: book.id,
    name: book.name,
    role: book.role,
    personal: book.personal_user_id === userId,
    base_currency: book.base_currency,
    members: members.filter((member) => member.book_id === book.id).map(presentMember),
  }));
}
