/** SQL of the notifications module. */
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';

export async function insertNotification(
  db: Kysely<Database>,
  values: { userId: number; title: string; message: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ user_id: values.userId, title: values.title, message: values.message, created_at: values.createdAt, read_at: null })
    .execute();
}

/** The user's newest notifications first. */
export function listNotifications(db: Kysely<Database>, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks the user's unread notifications up to `upToId` read. Only the user's own rows, and a row
 * read before keeps the time it was first read.
 */
export async function markNotificationsRead(db: Kysely<Database>, userId: number, upToId: number, readAt: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('id', '<=', upToId)
    .where('read_at', 'is', null)
    .execute();
}
