/**
 * Queues a push nudge (DECISIONS.md #103) inside the transaction of the import or bank sync that
 * wrote the expenses, like webhook events (webhook-outbox.ts): the nudge commits with the rows or
 * not at all. One nudge per import or sync, for the member who ran it, naming the expenses it
 * brought that they have no feeling about; the sender (nudge-sender.ts) decides later what is
 * still unfelt. A nudge of theirs not tried yet (held by quiet hours, or a sync of several banks
 * a moment ago) takes the new purchases instead: one notification, not one per write. A person
 * without a device pays one indexed query.
 */
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import type { Database } from '../../db/schema';
import {
  addNudgeTransactions,
  hasSubscription,
  insertNudge,
  joinableNudge,
  latestTransactionId,
  newUnfeltExpenseIds,
} from './push.repo';

/** Where the new rows begin: the latest transaction id before the write, or null when the member has no device to nudge. */
export type NudgeMark = number | null;

/** Taken in the write's transaction before its rows go in. */
export async function markBeforeNewRows(db: Kysely<Database>, userId: number): Promise<NudgeMark> {
  if (!(await hasSubscription(db, userId))) return null;
  return latestTransactionId(db);
}

/**
 * Queues one nudge for the scope's member about the unfelt expenses written since `mark` (the
 * write holds the book's lock, so they are its own); answers whether one was queued.
 */
export async function queuePushNudge(
  db: Kysely<Database>,
  scope: BookScope,
  mark: NudgeMark,
  now: string,
): Promise<boolean> {
  if (mark === null) return false;
  const ids = await newUnfeltExpenseIds(db, await feelingsOf(db, scope), mark);
  if (ids.length === 0) return false;
  const waiting = await joinableNudge(db, scope.userId, scope.bookId, now);
  if (waiting !== undefined) {
    await addNudgeTransactions(db, waiting, ids);
    return true;
  }
  await insertNudge(
    db,
    {
      user_id: scope.userId,
      book_id: scope.bookId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      leased_until: null,
      first_tried_at: null,
      delivered_to: '',
      error: null,
      created_at: now,
      sent_at: null,
    },
    ids,
  );
  return true;
}
