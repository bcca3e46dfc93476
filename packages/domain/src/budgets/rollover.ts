/**
 * Rollover of a flexible budget (issue 15, docs/DECISIONS.md #55): with rollover on for a month,
 * what that month left unspent (or overspent) is added to the next month's available amount.
 * The setting is a history of changes, each in effect from its month until the next one, so
 * turning rollover off stops carrying from that month on and earlier months keep what they carried.
 */
import type { Cents } from '../money';
import { type YearMonth, addMonths, compareMonths } from '../months';
import { type BudgetMonthRow, monthAmount } from './amounts';
import type { Recurrence } from './recurrence';

/** Rollover turned on or off from the month `from` on. */
export interface RolloverChange {
  from: YearMonth;
  enabled: boolean;
}

/** Whether rollover is on for `ym`: the latest change from that month or before says so. */
export function rolloverOnIn(changes: readonly RolloverChange[], ym: YearMonth): boolean {
  let on = false;
  let latest: YearMonth | null = null;
  for (const change of changes) {
    if (compareMonths(change.from, ym) > 0) continue;
    if (latest === null || compareMonths(change.from, latest) >= 0) {
      latest = change.from;
      on = change.enabled;
    }
  }
  return on;
}

/** One month of a carry chain: what it planned, what was spent, and whether it carries on. */
export interface RolloverMonth {
  amountCents: Cents;
  spentCents: Cents;
  /** On: this month's leftover (available minus spent) goes into the next month. */
  rollover: boolean;
}

/**
 * What is carried into each month of a run of consecutive months, and into the month after the
 * last: `carried[0]` is 0 (nothing before the run), and
 * `carried[i + 1] = rollover(i) ? amount(i) + carried[i] - spent(i) : 0`.
 */
export function carryChain(months: readonly RolloverMonth[]): Cents[] {
  const carried: Cents[] = [0];
  for (const [i, month] of months.entries()) {
    const available = month.amountCents + (carried[i] ?? 0);
    carried.push(month.rollover ? available - month.spentCents : 0);
  }
  return carried;
}

/** What a budget needs, apart from spending, to know its carry into a month. */
export interface RolloverPlan {
  /** Flexible budgets only: a bill is due in full and never carries. */
  dueInFull: boolean;
  amountCents: Cents;
  recurrence: Recurrence;
  months: readonly BudgetMonthRow[];
  changes: readonly RolloverChange[];
}

export interface Carry {
  /** Carried into the month: positive when the month before left money, negative when overspent. */
  carriedCents: Cents;
  /** The month it came from (the one before), or null when nothing was carried in. */
  from: YearMonth | null;
  /** Whether this month's own leftover goes on into the next month. */
  rolloverOn: boolean;
}

/**
 * The first month that could carry into a later one: the earliest month rollover was turned on,
 * and never before the budget starts. Null when rollover was never on.
 */
export function carryChainStart(
  plan: Pick<RolloverPlan, 'changes' | 'dueInFull'>,
  budgetStart: YearMonth,
): YearMonth | null {
  if (plan.dueInFull) return null;
  const firstOn = plan.changes
    .filter((change) => change.enabled)
    .map((change) => change.from)
    .sort(compareMonths)[0];
  if (!firstOn) return null;
  return compareMonths(firstOn, budgetStart) < 0 ? budgetStart : firstOn;
}

/**
 * The carry into `ym`, walking the months from the chain's start. `spentIn` gives a month's
 * spending; months after `currentMonth` have none yet (spec §2.5), so they pass their plan on.
 */
export function carryInto(
  plan: RolloverPlan,
  budgetStart: YearMonth,
  spentIn: (ym: YearMonth) => Cents,
  ym: YearMonth,
  currentMonth: YearMonth,
): Carry {
  const rolloverOn = !plan.dueInFull && rolloverOnIn(plan.changes, ym);
  const start = carryChainStart(plan, budgetStart);
  if (start === null || compareMonths(start, ym) >= 0) return { carriedCents: 0, from: null, rolloverOn };
  const months: RolloverMonth[] = [];
  for (let month = start; compareMonths(month, ym) < 0; month = addMonths(month, 1)) {
    months.push({
      amountCents: monthAmount(plan, month, currentMonth),
      spentCents: compareMonths(month, currentMonth) > 0 ? 0 : spentIn(month),
      rollover: rolloverOnIn(plan.changes, month),
    });
  }
  const carriedCents = carryChain(months).at(-1) ?? 0;
  const previous = addMonths(ym, -1);
  return { carriedCents, from: rolloverOnIn(plan.changes, previous) ? previous : null, rolloverOn };
}
