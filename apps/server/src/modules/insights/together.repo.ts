/**
 * The queries behind "Together" (issue 25): the purchases of a shared book's range that at least
 * two of the members counted recorded a feeling about, and those purchases' split lines.
 */
import { type Kysely, sql } from 'kysely';
import type { ComparedPurchase, PurchaseLine } from '@mindspend/domain';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';
import type { InsightScope } from './insights.repo';

/** The members whose feelings "Together" counts: the caller, and the others who share theirs. */
export async function membersCounted(db: Kysely<Database>, bookId: number, callerId: number) {
  return db
    .selectFrom('book_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.first_name'])
    .where('m.book_id', '=', bookId)
    .where((eb) => eb.or([eb('m.user_id', '=', callerId), eb('m.share_feelings', '=', 1)]))
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
}

/** The range's purchases felt by at least two of the members, with how many felt and regretted each. */
export async function comparedPurchases(
  db: Kysely<Database>,
  scope: Omit<InsightScope, 'feelings'>,
  memberIds: readonly number[],
): Promise<ComparedPurchase[]> {
  if (memberIds.length < 2) return [];
  let query = spendingOf(db, scope, scope)
    .innerJoin('member_feelings as mf', (join) => join.onRef('mf.transaction_id', '=', 't.id').on('mf.user_id', 'in', [...memberIds]))
    .where('mf.emotion', 'is not', null);
  if (scope.accountId !== undefined) query = query.where('t.account_id', '=', scope.accountId);
  const felt = sql<number>`count(*)`;
  const rows = await query
    .select(['t.id', 't.entity_id', 't.amount_cents', felt.as('felt'), sql<number>`sum(case when mf.emotion = 'negative' then 1 else 0 end)`.as('regretted')])
    .groupBy(['t.id', 't.entity_id', 't.amount_cents'])
    .having(felt, '>=', 2)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    payeeId: row.entity_id,
    amountCents: Number(row.amount_cents),
    felt: Number(row.felt),
    regretted: Number(row.regretted),
  }));
}

/** The split lines of the given purchases with their category. */
export async function purchaseLines(db: Kysely<Database>, bookId: number, transactionIds: readonly number[]): Promise<PurchaseLine[]> {
  if (transactionIds.length === 0) return [];
  const rows = await db
    .selectFrom('transaction_splits as s')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .select(['s.transaction_id', 'sc.category_id', 's.amount_cents'])
    .where('s.book_id', '=', bookId)
    .where('s.transaction_id', 'in', [...transactionIds])
    .execute();
  return rows.map((row) => ({ transactionId: row.transaction_id, categoryId: row.category_id, amountCents: Number(row.amount_cents) }));
}
