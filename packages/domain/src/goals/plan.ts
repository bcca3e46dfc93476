/** Savings goals (DECISIONS.md #5): what is still needed each month and how far along a goal is. */
import type { Cents } from '../money';
import type { CalendarDate } from '../ledger/transactions';
import { mustParse } from '../budgets/calendar';

export interface GoalFigures {
  /** Months from today until the target date, counting a started month; at least 1. */
  monthsLeft: number;
  /** (target − saved) spread over the months left, rounded up to the cent; never negative. */
  monthlyNeededCents: Cents;
  /** Whole percent saved of the target, 0-100 (a goal passed its target shows 100). */
  progressPercent: number;
}

/**
 * Months left until a target date: whole months from today, plus one when the target falls later
 * in its month than today's day (a started month still takes a deposit); at least 1, also when past.
 */
export function monthsUntil(today: CalendarDate, targetDate: string): number {
  const target = mustParse(targetDate);
  const whole = (target.year - today.year) * 12 + (target.month - today.month);
  return Math.max(1, whole + (target.day > today.day ? 1 : 0));
}

/** Monthly amount still needed and progress of a goal on a given day. */
export function goalFigures(goal: { targetCents: Cents; savedCents: Cents; targetDate: string }, today: CalendarDate): GoalFigures {
  const monthsLeft = monthsUntil(today, goal.targetDate);
  const missing = Math.max(0, goal.targetCents - goal.savedCents);
  const progress = goal.targetCents > 0 ? Math.floor((Math.max(0, goal.savedCents) / goal.targetCents) * 100) : 100;
  return { monthsLeft, monthlyNeededCents: Math.ceil(missing / monthsLeft), progressPercent: Math.min(100, progress) };
}
