/** The two progress-bar rules of spec §9, as coloured segments in percent of the bar. */
import type { Cents } from '../money';

export interface BarSegments {
  green: number;
  yellow: number;
  red: number;
}

function percentSpent(spentCents: Cents, budgetCents: Cents): number {
  const spent = Math.abs(spentCents);
  const budget = Math.abs(budgetCents);
  if (budget === 0) return spent > 0 ? 100 : 0;
  return (spent / budget) * 100;
}

/**
 * Budget rows: green up to 70 %, yellow from 70 to 90 % (at most 20 points), red above 90 % (at
 * most 10 points), on the rounded percent. A bill whose spending covers its amount shows full.
 */
export function rowBarSegments(spentCents: Cents, budgetCents: Cents, dueInFull = false): BarSegments {
  const covered = dueInFull && Math.abs(budgetCents) > 0 && Math.abs(spentCents) >= Math.abs(budgetCents);
  const percent = covered ? 100 : Math.min(100, Math.round(percentSpent(spentCents, budgetCents)));
  return {
    green: Math.min(percent, 70),
    yellow: Math.min(Math.max(percent - 70, 0), 20),
    red: Math.min(Math.max(percent - 90, 0), 10),
  };
}

/**
 * Detail modal: green is min(spent/budget, 100 %); yellow the part over 100 % (at most 50); red
 * the part over 150 % (at most 50).
 */
export function detailBarSegments(spentCents: Cents, budgetCents: Cents): BarSegments {
  const percent = percentSpent(spentCents, budgetCents);
  return {
    green: Math.min(percent, 100),
    yellow: Math.min(Math.max(percent - 100, 0), 50),
    red: Math.min(Math.max(percent - 150, 0), 50),
  };
}
