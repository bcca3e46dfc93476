/** The rows a Plaid webhook reads and marks (DECISIONS.md #112); a webhook acts for no request, so by the item's id alone. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noticesOf, storedNotices } from './link-notices';

/** Links made through Plaid for this item (one, in practice: each link is an item of its own). */
export function plaidLinksOfItem(db: Kysely<Database>, itemId: string): Promise<{ id: number }[]> {
  return db
    .selectFrom('linked_institutions')
    .select('id')
    .where('provider', '=', 'plaid')
    .where('item_id', '=', itemId)
    .orderBy('id')
    .execute();
}

/** Plaid says the item's login is no longer valid: "re-link needed", and the schedule leaves it alone. */
export async function markPlaidItemRelink(db: Kysely<Database>, institutionId: number): Promise<void> {
  await db
    .updateTable('linked_institutions')
    .set({ status: 'relink_required' })
    .where('id', '=', institutionId)
    .execute();
}

/** Adds a notice to the link's, once (a webhook sent again adds nothing); the next sync's notices replace them. */
export async function noticePlaidItem(db: Kysely<Database>, institutionId: number, notice: string): Promise<void> {
  const row = await db.selectFrom('linked_institutions').select('notices').where('id', '=', institutionId).executeTakeFirst();
  if (!row) return;
  const notices = noticesOf(row.notices);
  if (notices.includes(notice)) return;
  await db
    .updateTable('linked_institutions')
    .set({ notices: storedNotices([...notices, notice]) })
    .where('id', '=', institutionId)
    .where((eb) => (row.notices === null ? eb('notices', 'is', null) : eb('notices', '=', row.notices)))
    .execute();
}
