/**
 * The per-budget regret cap (issue 16, docs/DECISIONS.md #56): an optional amount of regretted
 * spending a flexible budget's month may hold before the person is warned.
 */
import type { Cents } from '../money';
import { formatMoney } from '../money';

/**
 * The feeling a purchase has now: a second look (DECISIONS.md #44), when given, is how it feels
 * after the fact, which is what a regret cap is about.
 */
export function currentFeeling(first: string | null, second: string | null): string | null {
  return second ?? first;
}

export interface RegretCapState {
  regrettedCents: Cents;
  capCents: Cents | null;
  /** True once regretted spending is above the cap ('passes $100'); reaching it exactly is not. */
  passed: boolean;
}

export function regretCapState(regrettedCents: Cents, capCents: Cents | null): RegretCapState {
  return { regrettedCents, capCents, passed: capCents !== null && regrettedCents > capCents };
}

/** The row's warning, e.g. 'Regretted $112 of your $100 cap', or null while under the cap. */
export function regretCapWarning(state: RegretCapState): string | null {
  if (!state.passed || state.capCents === null) return null;
  return `Regretted ${formatMoney(state.regrettedCents)} of your ${formatMoney(state.capCents)} cap`;
}

/** Share of the cap used, 0-100 (for the detail modal's bar); 0 without a cap. */
export function regretCapPercent(state: RegretCapState): number {
  if (state.capCents === null || state.capCents <= 0) return state.passed ? 100 : 0;
  return Math.min(100, Math.round((state.regrettedCents / state.capCents) * 100));
}
