/**
 * Rollover and the regret cap as a budget write applies them (docs/DECISIONS.md #55, #56), under
 * the book's write lock: checked before anything is written, so a refused body writes nothing.
 */
import type { CreateBudgetBody, UpdateBudgetBody } from '@mindspend/api-contract';
import { type YearMonth, rolloverOnIn, toCents } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { validationFailed } from '../../lib/http-errors';
import { listRolloverChanges, setRolloverFrom } from './budget-rollover.repo';

type Settings = Pick<CreateBudgetBody & UpdateBudgetBody, 'rollover' | 'regret_cap'>;

export const BILL_NO_ROLLOVER =
  'A bill is due in full each time, so it does not roll over; rollover is for flexible budgets.';
export const BILL_NO_REGRET_CAP = 'A regret cap is for flexible budgets; a bill is due in full.';

/** Refuses rollover or a cap on a budget that is (or is becoming) a bill. */
export function checkSettings(body: Settings, isBill: boolean): void {
  if (!isBill) return;
  const errors: Record<string, string[]> = {};
  if (body.rollover === true) errors.rollover = [BILL_NO_ROLLOVER];
  if (body.regret_cap !== undefined && body.regret_cap !== null) errors.regret_cap = [BILL_NO_REGRET_CAP];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The stored cap for a body's `regret_cap`: undefined leaves it, null removes it. */
export function regretCapCents(body: Settings): number | null | undefined {
  if (body.regret_cap === undefined) return undefined;
  return body.regret_cap === null ? null : toCents(body.regret_cap);
}

const keyOf = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;
const monthOfKey = (key: string): YearMonth => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)),
});

/**
 * Turns rollover on or off from `from` on. Nothing is recorded when the month already has that
 * setting, so saving a form unchanged leaves the history as it was.
 */
export async function setRollover(
  trx: Kysely<Database>,
  row: { bookId: number; budgetId: number; enabled: boolean | undefined; from: YearMonth; now: string },
): Promise<void> {
  if (row.enabled === undefined) return;
  const changes = (await listRolloverChanges(trx, row.bookId, [row.budgetId])).map((change) => ({
    from: monthOfKey(change.fromMonth),
    enabled: change.enabled,
  }));
  if (rolloverOnIn(changes, row.from) === row.enabled) return;
  await setRolloverFrom(trx, {
    bookId: row.bookId,
    budgetId: row.budgetId,
    fromMonth: keyOf(row.from),
    enabled: row.enabled,
    now: row.now,
  });
}
