/** SQL of the notifications module. */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';

/** A notice in a book; with `userId`, for that member alone (DECISIONS.md #84). */
export async function insertNotification(
  db: Kysely<Database>,
  values: { bookId: number; userId?: number; title: string; message: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      book_id: values.bookId,
      user_id: values.userId ?? null,
      title: values.title,
      message: values.message,
      created_at: values.createdAt,
      read_at: null,
    })
    .execute();
}

/**
 * Notices that must ring at most once each: a notice whose `onceKey` the book already has is
 * skipped, by the unique `notifications_once` index (migration 0022), on any number of processes.
 */
export async function insertNotificationsOnce(
  db: Kysely<Database>,
  notices: ReadonlyArray<{ bookId: number; userId?: number; title: string; message: string; createdAt: string; onceKey: string }>,
): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      notices.map((notice) => ({
        book_id: notice.bookId,
        user_id: notice.userId ?? null,
        title: notice.title,
        message: notice.message,
        created_at: notice.createdAt,
        read_at: null,
        once_key: notice.onceKey,
      })),
    )
    .onConflict((conflict) => conflict.columns(['book_id', 'once_key']).doNothing())
    .execute();
}

/**
 * A notice about the person's own account (a password changed, a plan bought): it goes to their
 * personal book, which only they belong to.
 */
export async function insertPersonalNotification(
  db: Kysely<Database>,
  values: { userId: number; title: string; message: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values((eb) => ({
      book_id: eb.selectFrom('books').select('id').where('personal_user_id', '=', values.userId),
      title: values.title,
      message: values.message,
      created_at: values.createdAt,
      read_at: null,
    }))
    .execute();
}

/** What a member reads of a book's notices: the book's, and their own. */
export interface NoticeReader {
  bookId: number;
  userId: number;
}

/** The book's notices and the member's own (a notice with a user_id is for that member alone). */
function readableBy(reader: NoticeReader) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', reader.userId)]);
}

/** The member's notifications in the book, newest first. */
export function listNotifications(db: Kysely<Database>, reader: NoticeReader, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('book_id', '=', reader.bookId)
    .where(readableBy(reader))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks the book's unread notifications up to `upToId` read. Only the book's own rows, and a row
 * read before keeps the time it was first read.
 */
export async function markNotificationsRead(db: Kysely<Database>, reader: NoticeReader, upToId: number, readAt: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('book_id', '=', reader.bookId)
    .where(readableBy(reader))
    .where('id', '<=', upToId)
    .where('read_at', 'is', null)
    .execute();
}
