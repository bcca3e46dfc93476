/** SQL of feeling coverage (issue 30; docs/DECISIONS.md #102): a month's spending, and how much of it the member felt. */
import type { CoverageCounts } from '@mindspend/domain';
import { type Kysely, sql } from 'kysely';
import type { Feelings } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { spendingOf } from '../../db/spending';

export async function coverageCounts(db: Kysely<Database>, feelings: Feelings, range: { from: string; to: string }): Promise<CoverageCounts> {
  const felt = sql<boolean>`${feelings.first} is not null`;
  const row = await spendingOf(db, feelings, range)
    .select([
      sql<number>`coalesce(sum(t.amount_cents), 0)`.as('spent'),
      sql<number>`coalesce(sum(case when ${felt} then t.amount_cents else 0 end), 0)`.as('felt_spent'),
      sql<number>`count(*)`.as('expenses'),
      sql<number>`sum(case when ${felt} then 1 else 0 end)`.as('felt'),
    ])
    .executeTakeFirst();
  return { spentCents: Number(row?.spent ?? 0), feltCents: Number(row?.felt_spent ?? 0), expenses: Number(row?.expenses ?? 0), felt: Number(row?.felt ?? 0) };
}
