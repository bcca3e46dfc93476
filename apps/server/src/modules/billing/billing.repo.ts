/**
 * SQL of the billing module: the subscription row, and the plan columns of the user's row. Those
 * columns are billing's to read and write, so billing never goes through the users module, which
 * depends on billing (a renewal is stopped before an account is deleted).
 */
import type { Kysely } from 'kysely';
import type { Database, SubscriptionRow, SubscriptionsTable, UserRow, UserUpdate } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

/** The user's plan as stored (read inside a transaction, it is the plan an upgrade must check). */
export async function findPlan(db: Kysely<Database>, userId: number): Promise<UserRow['plan'] | undefined> {
  const row = await db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
  return row?.plan;
}

export async function updatePlan(
  db: Kysely<Database>,
  userId: number,
  values: Pick<UserUpdate, 'plan' | 'stripe_id' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

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
