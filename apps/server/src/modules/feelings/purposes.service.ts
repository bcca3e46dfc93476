/** Purpose targets and the month's spending per purpose against them (DECISIONS.md #45). */
import type { MonthParams, PurposeMonth, PurposeTargetsBody, PurposeTargetsResponse } from '@mindspend/api-contract';
import { PURPOSE_VALUES, type Purpose, SUGGESTED_PURPOSE_TARGETS, fromCents, monthRange, purposeShares } from '@mindspend/domain';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { findTargets, saveTargets, spendingByPurpose } from './purposes.repo';

/** The member's own targets in the book (null until saved) and the suggested ones to start from. */
export async function purposeTargets(deps: AppDeps, scope: BookScope): Promise<PurposeTargetsResponse> {
  return { targets: (await findTargets(deps.db, scope)) ?? null, suggested: SUGGESTED_PURPOSE_TARGETS };
}

/** Saves the four targets (the contract has checked they add up to 100). */
export async function setPurposeTargets(deps: AppDeps, scope: BookScope, body: PurposeTargetsBody): Promise<PurposeTargetsResponse> {
  const targets = { survival: body.survival, optional: body.optional, culture: body.culture, unexpected: body.unexpected };
  await writeInBook(deps, scope, (trx) => saveTargets(trx, scope, targets, isoNow(deps.clock)));
  return { targets, suggested: SUGGESTED_PURPOSE_TARGETS };
}

const isPurpose = (value: string | null): value is Purpose => (PURPOSE_VALUES as readonly (string | null)[]).includes(value);

/** Each purpose's spending in a month, its share of all the month's expenses, and its target. */
export async function purposeMonth(deps: AppDeps, scope: BookScope, month: MonthParams): Promise<PurposeMonth> {
  const [rows, targets] = await Promise.all([
    spendingByPurpose(deps.db, scope, monthRange(month.year, month.month)),
    findTargets(deps.db, scope),
  ]);
  const spent: Partial<Record<Purpose, number>> = {};
  let total = 0;
  for (const row of rows) {
    total += row.amountCents;
    if (isPurpose(row.purpose)) spent[row.purpose] = row.amountCents;
  }
  return purposeShares(spent, total, targets ?? null).map((share) => ({
    purpose: share.purpose,
    target_percent: share.targetPercent,
    spent: fromCents(share.spentCents),
    percent: share.percent,
  }));
}
