/**
 * What a budget row and its detail modal say about rollover and the regret cap
 * (docs/DECISIONS.md #55, #56), from the month's figures the server computed.
 */
import type { Budget } from '@mindspend/api-contract';
import { monthName, regretCapPercent, regretCapState, regretCapWarning, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';

/** '+$42.10 carried from October', '−$12.00 carried from October', or null when nothing was. */
export function carriedLabel(budget: Pick<Budget, 'carried' | 'carried_from'>): string | null {
  if (budget.carried_from === null) return null;
  const cents = toCents(budget.carried);
  const sign = cents < 0 ? '−' : '+';
  return `${sign}${formatAmount(Math.abs(cents))} carried from ${monthName(budget.carried_from.month)}`;
}

type RegretFields = Pick<Budget, 'regretted' | 'regret_cap'>;

const stateOf = (budget: RegretFields) =>
  regretCapState(toCents(budget.regretted), budget.regret_cap === null ? null : toCents(budget.regret_cap));

/** The row's warning once the cap is passed: 'Regretted $112.00 of your $100.00 cap'. */
export function regretWarning(budget: RegretFields): string | null {
  return regretCapWarning(stateOf(budget));
}

/** The modal's progress line toward the cap, or what was regretted when there is no cap. */
export function regretProgress(budget: RegretFields): { label: string; percent: number | null } {
  const state = stateOf(budget);
  if (state.capCents === null)
    return { label: `Regretted this month: ${formatAmount(state.regrettedCents)}`, percent: null };
  return {
    label: `Regretted ${formatAmount(state.regrettedCents)} of your ${formatAmount(state.capCents)} cap`,
    percent: regretCapPercent(state),
  };
}
