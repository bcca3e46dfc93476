/** SQL of the billing module. */
import type { Kysely } from 'kysely';
import type { Database, SubscriptionRow, SubscriptionsTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export function findSubscription(db: Kysely<Database>, userId: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates or replaces the user's one subscription row. */
export async function saveSubscription(
  db: Kysely<Database>,
  values: Insertable<SubscriptionsTable>,
): Promise<void> {
  await db.deleteFrom('subscriptions').where('user_id', '=', values.user_id).execute();
  await db.insertInto('subscriptions').values(values).execute();
}

export async function updateSubscription(
  db: Kysely<Database>,
  userId: number,
  values: Updateable<SubscriptionsTable>,
): Promise<void> {
  await db.updateTable('subscriptions').set(values).where('user_id', '=', userId).execute();
}
