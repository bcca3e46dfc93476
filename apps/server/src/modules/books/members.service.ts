/**
 * A book's members (issue 25; docs/DECISIONS.md #74): list them, change a role, hand the book over,
 * remove a member or leave. Each change runs under the book's lock and reads the roles it checks
 * inside it, so two owners' changes racing on two processes cannot leave a book without an owner.
 */
import {
  BOOK_OWNER_ONLY,
  type Book,
  type BookMember,
  OWNER_MUST_HAND_OVER,
  PERSONAL_BOOK_NOT_SHARED,
  type UpdateMemberBody,
  type UpdateMyMembershipBody,
} from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import { memberRole } from '../../db/book-scope';
import { forgetMemberFeelings } from '../../db/feelings';
import { forgetMemberReviews } from '../detected-subscriptions';
import { forgetMemberPauses } from '../pauses';
import { writeLocked } from '../../db/locked-writes';
import type { Database, UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../lib/http-errors';
import { presentMember } from './books.presenter';
import { bookOf } from './books.service';
import { deleteMember, findBook, listMembersOf, setMemberRole, setShareFeelings } from './books.repo';
import { forgetMemberPlans } from '../feelings';

/** The caller's role in the book: 404 when they are not a member (as for any id of someone else's). */
export async function roleIn(db: Kysely<Database>, bookId: number, user: UserRow) {
  const role = await memberRole(db, { bookId, userId: user.id });
  if (!role) throw notFound('Book');
  return role;
}

export async function listMembers(deps: AppDeps, user: UserRow, bookId: number): Promise<BookMember[]> {
  await roleIn(deps.db, bookId, user);
  return (await listMembersOf(deps.db, [bookId])).map(presentMember);
}

/**
 * The owner changes a member's role. Making another member `owner` hands the book over: they
 * become its owner and the caller an editor, so a book has one owner at a time.
 */
export async function changeMemberRole(
  deps: AppDeps,
  user: UserRow,
  bookId: number,
  memberId: number,
  body: UpdateMemberBody,
): Promise<BookMember[]> {
  await writeLocked(deps, 'book', bookId, async (trx) => {
    if ((await roleIn(trx, bookId, user)) !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
    const members = await listMembersOf(trx, [bookId]);
    if (!members.some((member) => member.user_id === memberId)) throw notFound('Member');
    if (memberId === user.id) {
      if (body.role !== 'owner') throw new HttpError(422, OWNER_MUST_HAND_OVER, { role: [OWNER_MUST_HAND_OVER] });
      return;
    }
    await setMemberRole(trx, bookId, memberId, body.role);
    if (body.role === 'owner') await setMemberRole(trx, bookId, user.id, 'editor');
  });
  return listMembers(deps, user, bookId);
}

/**
 * Removes a member (the owner), or the caller themself (leaving, any role). The owner leaves only
 * after handing the book over; nobody leaves their personal book.
 */
export async function removeMember(deps: AppDeps, user: UserRow, bookId: number, memberId: number): Promise<void> {
  await writeLocked(deps, 'book', bookId, async (trx) => {
    const role = await roleIn(trx, bookId, user);
    const leaving = memberId === user.id;
    if (!leaving && role !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
    const book = await findBook(trx, bookId);
    if (book.personal_user_id === memberId) throw new HttpError(422, PERSONAL_BOOK_NOT_SHARED, { user_id: [PERSONAL_BOOK_NOT_SHARED] });
    const members = await listMembersOf(trx, [bookId]);
    if (!members.some((member) => member.user_id === memberId)) throw notFound('Member');
    if (leaving && role === 'owner') throw new HttpError(422, OWNER_MUST_HAND_OVER, { user_id: [OWNER_MUST_HAND_OVER] });
    await deleteMember(trx, bookId, memberId);
    // Their feelings, targets and reflections are theirs: they do not stay behind (db/feelings.ts).
    await forgetMemberFeelings(trx, bookId, memberId);
    await forgetMemberPlans(trx, { bookId, userId: memberId });
    await forgetMemberPauses(trx, { bookId, userId: memberId });
    await forgetMemberReviews(trx, { bookId, userId: memberId });
  });
}

/**
 * The caller's own choices in a book, whatever their role: whether the other members see their
 * feelings (off until they turn it on). Meaningless in a personal book, which has no one else.
 */
export async function updateMyMembership(deps: AppDeps, user: UserRow, bookId: number, body: UpdateMyMembershipBody): Promise<Book> {
  await writeLocked(deps, 'book', bookId, async (trx) => {
    await roleIn(trx, bookId, user);
    const book = await findBook(trx, bookId);
    if (book.personal_user_id !== null) throw new HttpError(422, PERSONAL_BOOK_NOT_SHARED, { share_feelings: [PERSONAL_BOOK_NOT_SHARED] });
    await setShareFeelings(trx, bookId, user.id, body.share_feelings);
  });
  return bookOf(deps, user, bookId);
}
