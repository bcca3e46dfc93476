/**
 * Books (issue 25; docs/DECISIONS.md #73): the tenant of every row of money data. Every person has
 * a personal book and may belong to books shared with others; a request names the book it acts in
 * with the `Mindspend-Book` header, else it acts in the caller's personal book.
 */
import { isValidEmail } from '@mindspend/domain';
import { z } from 'zod';
import { SHORT_TEXT_MAX, idParams, text } from './common';
import { BASE_CURRENCY_UNKNOWN, currencyField } from './fx-rates';

/** The header a request names its book with; the web app sends the book chosen on this device. */
export const BOOK_HEADER = 'Mindspend-Book';

export const BOOK_ROLES = ['owner', 'editor', 'viewer'] as const;
export type BookRoleWire = (typeof BOOK_ROLES)[number];

export const BOOK_NAME_MAX = 100;
export const BOOK_NAME_REQUIRED = 'The name field is required.';
export const BOOK_NAME_TOO_LONG = `The name may not be greater than ${BOOK_NAME_MAX} characters.`;
export const PERSONAL_BOOK_UNDELETABLE = 'Your personal book cannot be deleted.';
export const BOOK_OWNER_ONLY = 'Only the owner of this book can do that.';
/** 422 naming `base_currency` while accounts keep other currencies (DECISIONS.md #90). */
export const baseCurrencyWithOtherAccounts = (currencies: readonly string[]) =>
  `Some accounts keep ${currencies.join(', ')}: the base currency can change only while every account keeps the base currency, since their figures would need converting.`;

export const bookMemberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(BOOK_ROLES),
  /** When they joined, ISO-8601. */
  joined_at: z.string(),
  /** Whether the other members see this member's feelings about the book's purchases (off by default). */
  share_feelings: z.boolean(),
});
export type BookMember = z.infer<typeof bookMemberSchema>;

export const bookSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's role in this book. */
  role: z.enum(BOOK_ROLES),
  /** True for the caller's own personal book. */
  personal: z.boolean(),
  /** The ISO 4217 code the book's figures are in (DECISIONS.md #87); USD for books from before currencies. */
  base_currency: z.string(),
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

/** PATCH /books/{id} (its owner): a new name, a new base currency, or both; what is left out stays. */
export const updateBookBody = z.object({ name: bookName.optional(), base_currency: currencyField(BASE_CURRENCY_UNKNOWN).optional() }).strict();
export type UpdateBookBody = z.infer<typeof updateBookBody>;

export const INVITATION_DAYS = 7;
export const INVITABLE_ROLES = ['editor', 'viewer'] as const;
export const INVITE_EMAIL_INVALID = 'The email must be a valid email address.';
export const INVITE_ROLE_INVALID = 'The role must be editor or viewer.';
export const PERSONAL_BOOK_NOT_SHARED = 'Your personal book is yours alone: make a shared book to invite someone.';
export const ALREADY_A_MEMBER = 'You already belong to this book.';
export const OWNER_MUST_HAND_OVER = 'Hand the book to another member first: a book always has an owner.';
export const INVITATION_NOT_FOUND = 'This invitation is not valid: it may have been used already or expired.';

export const createInvitationBody = z
  .object({
    email: text().refine((value) => isValidEmail(value.trim()), INVITE_EMAIL_INVALID),
    role: z.enum(INVITABLE_ROLES, { message: INVITE_ROLE_INVALID }),
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  /** ISO-8601: the link works until then, once. */
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** An invitation link's token: 64 hex characters (anything else is no invitation: 404). */
export const invitationParams = z.object({ token: z.string().max(200) });

/** What the invitation page shows before the visitor accepts (anyone holding the link may see it). */
export const invitationPreviewSchema = z.object({
  book_name: z.string(),
  invited_by: z.string().nullable(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const membersResponse = z.object({ members: z.array(bookMemberSchema) });
export type MembersResponse = z.infer<typeof membersResponse>;

export const memberParams = z.object({ id: idParams.shape.id, userId: idParams.shape.id });

/** PATCH /books/{id}/me: the caller's own choices in a book (any role may make them). */
export const updateMyMembershipBody = z
  .object({ share_feelings: z.boolean({ message: 'Share feelings must be true or false.' }) })
  .strict();
export type UpdateMyMembershipBody = z.infer<typeof updateMyMembershipBody>;

export const updateMemberBody = z.object({ role: z.enum(BOOK_ROLES, { message: 'The role must be owner, editor or viewer.' }) }).strict();
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;
