/** "Together" on the insights page (issue 25): where the members' regrets about the same purchases meet. */
import type { TogetherLineWire, TogetherWire } from '@mindspend/api-contract';
import { type SharedRegret, type SharedRegretLine, type SharedRegretSums, fromCents, sharedRegret } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { InsightScope } from './insights.repo';
import { comparedPurchases, membersCounted, purchaseLines } from './together.repo';

export interface TogetherFigures {
  members: { user_id: number; first_name: string | null }[];
  regret: SharedRegret;
}

/** The caller's and the sharing members' feelings compared over the range (nothing in a personal book). */
export async function togetherFigures(
  db: Kysely<Database>,
  scope: BookScope,
  range: Omit<InsightScope, 'feelings'>,
  shared: boolean,
): Promise<TogetherFigures> {
  const members = await membersCounted(db, scope.bookId, scope.userId);
  const purchases = shared ? await comparedPurchases(db, range, members.map((member) => member.user_id)) : [];
  const regretted = purchases.filter((purchase) => purchase.regretted > 0).map((purchase) => purchase.id);
  return { members, regret: sharedRegret(purchases, await purchaseLines(db, scope.bookId, regretted)) };
}

const wireSums = (sums: SharedRegretSums) => ({
  all_amount: fromCents(sums.allCents),
  all_count: sums.allCount,
  some_amount: fromCents(sums.someCents),
  some_count: sums.someCount,
});

/** The figures on the wire, payees and categories named by the insights page's own look-ups. */
export function wireTogether(
  figures: TogetherFigures,
  nameOfPayee: (key: number | null) => string,
  nameOfCategory: (key: number | null) => string,
): TogetherWire {
  const line = (nameOf: (key: number | null) => string) => (sums: SharedRegretLine): TogetherLineWire => ({
    id: sums.key,
    name: nameOf(sums.key),
    ...wireSums(sums),
  });
  return {
    members: figures.members,
    compared: figures.regret.compared,
    totals: wireSums(figures.regret.totals),
    by_payee: figures.regret.byPayee.map(line(nameOfPayee)),
    by_category: figures.regret.byCategory.map(line(nameOfCategory)),
  };
}
