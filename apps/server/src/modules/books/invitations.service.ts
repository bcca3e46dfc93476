/**
 * Invitations to a shared book (issue 25; docs/DECISIONS.md #74): the owner invites an address as
 * editor or viewer; the e-mail carries a single-use link (`{APP_URL}/invitations/{token}`) that
 * works for 7 days; whoever signs in holding it joins the book once.
 */
import {
  ALREADY_A_MEMBER,
  BOOK_OWNER_ONLY,
  type Book,
  type CreateInvitationBody,
  INVITATION_DAYS,
  INVITATION_NOT_FOUND,
  type Invitation,
  type InvitationPreview,
  PERSONAL_BOOK_NOT_SHARED,
} from '@mindspend/api-contract';
import { normalizeEmail } from '@mindspend/domain';
import { writeLocked } from '../../db/locked-writes';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { hashToken, newToken } from '../../lib/tokens';
import { listBooks } from './books.service';
import { findBook, insertMember, listMembersOf } from './books.repo';
import { findLiveInvitation, insertInvitation, useInvitation } from './invitations.repo';
import { roleIn } from './members.service';

const DAY_MS = 86_400_000;
const ROLE_WORDS = { editor: 'an editor (you can record and change its money)', viewer: 'a viewer (you can see it, not change it)' } as const;

/** A link's token as the server issues them (lib/tokens.ts); anything else cannot be one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

function notAnInvitation(): HttpError {
  return new HttpError(404, INVITATION_NOT_FOUND);
}

/** The owner invites an address into a shared book; the e-mail goes out after the row is saved. */
export async function inviteToBook(deps: AppDeps, user: UserRow, bookId: number, body: CreateInvitationBody): Promise<Invitation> {
  const email = normalizeEmail(body.email);
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  const { id, bookName, outboxId, message } = await writeLocked(deps, 'book', bookId, async (trx) => {
    if ((await roleIn(trx, bookId, user)) !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
    const book = await findBook(trx, bookId);
    if (book.personal_user_id !== null) throw new HttpError(422, PERSONAL_BOOK_NOT_SHARED, { book: [PERSONAL_BOOK_NOT_SHARED] });
    const invitationId = await insertInvitation(trx, {
      book_id: bookId,
      email,
      role: body.role,
      token_hash: hashToken(token),
      invited_by: user.id,
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
      created_at: now.toISOString(),
    });
    const inviter = user.first_name ?? user.email;
    const mail = {
      userId: null,
      to: email,
      subject: `${inviter} invited you to "${book.name}" on Mindspend`,
      text: [
        `${inviter} invited you to keep the book "${book.name}" together on Mindspend, as ${ROLE_WORDS[body.role]}.`,
        `Open this link within ${INVITATION_DAYS} days to join (you can create an account there if you have none):`,
        `${deps.config.APP_URL}/invitations/${token}`,
        'The link works once. If you did not expect this, ignore this e-mail.',
      ].join('\n\n'),
    };
    return { id: invitationId, bookName: book.name, outboxId: await deps.mailer.queue(trx, mail), message: mail };
  });
  void deps.mailer.deliver(deps.db, outboxId, message);
  deps.logger.info({ bookId, invitationId: id, book: bookName }, 'book invitation sent');
  return { id, email, role: body.role, expires_at: expiresAt };
}

/** What the invitation page shows: the book, who invited, as what; 404 once used or expired. */
export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreview> {
  if (!TOKEN_SHAPE.test(token)) throw notAnInvitation();
  const invitation = await findLiveInvitation(deps.db, hashToken(token), isoNow(deps.clock));
  if (!invitation) throw notAnInvitation();
  return {
    book_name: invitation.book_name,
    invited_by: invitation.first_name ?? invitation.inviter_email ?? null,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expires_at,
  };
}

/**
 * The signed-in person joins the book with the invitation's role. The invitation is used in the
 * same transaction, under the book's lock: two accepts of one link (two tabs, two processes) add
 * one member, and the loser gets the 404 of a used link.
 */
export async function acceptInvitation(deps: AppDeps, user: UserRow, token: string): Promise<Book> {
  if (!TOKEN_SHAPE.test(token)) throw notAnInvitation();
  const now = isoNow(deps.clock);
  const found = await findLiveInvitation(deps.db, hashToken(token), now);
  if (!found) throw notAnInvitation();
  await writeLocked(deps, 'book', found.book_id, async (trx) => {
    const members = await listMembersOf(trx, [found.book_id]);
    if (members.some((member) => member.user_id === user.id)) throw new HttpError(422, ALREADY_A_MEMBER, { token: [ALREADY_A_MEMBER] });
    if (!(await useInvitation(trx, found.id, user.id, now))) throw notAnInvitation();
    await insertMember(trx, { bookId: found.book_id, userId: user.id, role: found.role, now });
  });
  const book = (await listBooks(deps, user)).find((candidate) => candidate.id === found.book_id);
  if (!book) throw notAnInvitation();
  return book;
}
