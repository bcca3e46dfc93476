/**
 * Books (issue 25; docs/DECISIONS.md #73): the tenant of every row of money data. Every person has
 * a personal book and may belong to books shared with others; a request names the book it acts in
 * with the `Mindspend-Book` header, else it acts in the caller's personal book.
 */
import { z } from 'zod';
import { SHORT_TEXT_MAX, text } from './common';

/** The header a request names its book with; the web app sends the book chosen on this device. */
export const BOOK_HEADER = 'Mindspend-Book';

export const BOOK_ROLES = ['owner', 'editor', 'viewer'] as const;
export type BookRoleWire = (typeof BOOK_ROLES)[number];

export const BOOK_NAME_MAX = 100;
export const BOOK_NAME_REQUIRED = 'The name field is required.';
export const BOOK_NAME_TOO_LONG = `The name may not be greater than ${BOOK_NAME_MAX} characters.`;
export const PERSONAL_BOOK_UNDELETABLE = 'Your personal book cannot be deleted.';
export const BOOK_OWNER_ONLY = 'Only the owner of this book can do that.';

export const bookMemberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(BOOK_ROLES),
  /** When they joined, ISO-8601. */
  joined_at: z.string(),
});
export type BookMember = z.infer<typeof bookMemberSchema>;

export const bookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's role in this book. */
  role: z.enum(BOOK_ROLES),
  /** True for the caller's own personal book. */
  personal: z.boolean(),
  members: z.array(bookMemberSchema),
});
export type Book = z.infer<typeof bookSchema>;

export const booksResponse = z.object({ books: z.array(bookSchema) });
export type BooksResponse = z.infer<typeof booksResponse>;

const bookName = text(SHORT_TEXT_MAX)
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, BOOK_NAME_REQUIRED)
  .refine((value) => value.length <= BOOK_NAME_MAX, BOOK_NAME_TOO_LONG);

export const createBookBody = z.object({ name: bookName }).strict();
export type CreateBookBody = z.infer<typeof createBookBody>;

export const updateBookBody = z.object({ name: bookName }).strict();
export type UpdateBookBody = z.infer<typeof updateBookBody>;
