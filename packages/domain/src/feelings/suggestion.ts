/**
 * Suggested feeling and purpose (issue 16, DECISIONS.md #46): what a person usually feels and
 * means at a payee (or in a sub-category), offered when they add or tag a purchase there and saved
 * only when they confirm it.
 */
import { FEELING_VALUES, type Feeling, PURPOSE_VALUES, type Purpose } from '../ledger/transactions';
import { type LocalDate, addMonths, daysInMonth, isoDate } from '../months';

/** Months of history a suggestion reads: habits change, and last year's feelings may not hold. */
export const SUGGESTION_MONTHS = 12;
/** Fewest past purchases a suggestion rests on: one purchase is an anecdote, not a habit. */
export const MIN_SUGGESTION_HISTORY = 2;

/** The first date of the history read on `today`: the same day SUGGESTION_MONTHS earlier (the month's last day when shorter). */
export function suggestionSince(today: LocalDate): string {
  const start = addMonths(today, -SUGGESTION_MONTHS);
  return isoDate({ ...start, day: Math.min(today.day, daysInMonth(start.year, start.month)) });
}

/** Past expenses with the same feeling and purpose, how many and the latest date among them. */
export interface HistoryCell {
  feeling: Feeling | null;
  purpose: Purpose | null;
  count: number;
  /** `YYYY-MM-DD`. */
  latest: string;
}

export interface Suggestion {
  feeling: Feeling | null;
  purpose: Purpose | null;
  /** Past purchases the suggestion rests on (those with a feeling or a purpose). */
  basedOn: number;
}

export const NO_SUGGESTION: Suggestion = { feeling: null, purpose: null, basedOn: 0 };

/** The most frequent value; a tie goes to the one used most recently, then to the enumeration's order. */
function mostCommon<T extends string>(cells: readonly HistoryCell[], valueOf: (cell: HistoryCell) => T | null, order: readonly T[]): T | null {
  const tally = new Map<T, { count: number; latest: string }>();
  for (const cell of cells) {
    const value = valueOf(cell);
    if (value === null) continue;
    const entry = tally.get(value) ?? { count: 0, latest: '' };
    entry.count += cell.count;
    if (cell.latest > entry.latest) entry.latest = cell.latest;
    tally.set(value, entry);
  }
  let best: { value: T; count: number; latest: string } | null = null;
  for (const value of order) {
    const entry = tally.get(value);
    if (!entry) continue;
    if (!best || entry.count > best.count || (entry.count === best.count && entry.latest > best.latest)) best = { value, ...entry };
  }
  return best?.value ?? null;
}

/**
 * The feeling and the purpose most often given to these past purchases, each on its own (a
 * purchase may carry one and not the other). Nothing when fewer than MIN_SUGGESTION_HISTORY of
 * them carry either.
 */
export function suggestFromHistory(cells: readonly HistoryCell[]): Suggestion {
  const tagged = cells.filter((cell) => cell.feeling !== null || cell.purpose !== null);
  const basedOn = tagged.reduce((sum, cell) => sum + cell.count, 0);
  if (basedOn < MIN_SUGGESTION_HISTORY) return NO_SUGGESTION;
  return {
    feeling: mostCommon(tagged, (cell) => cell.feeling, FEELING_VALUES),
    purpose: mostCommon(tagged, (cell) => cell.purpose, PURPOSE_VALUES),
    basedOn,
  };
}

/** The payee's habit when it has one, else the sub-category's (the payee is the closer match). */
export function chooseSuggestion(payee: Suggestion | null, subcategory: Suggestion | null): { suggestion: Suggestion; source: 'payee' | 'subcategory' | null } {
  if (payee && payee.basedOn > 0) return { suggestion: payee, source: 'payee' };
  if (subcategory && subcategory.basedOn > 0) return { suggestion: subcategory, source: 'subcategory' };
  return { suggestion: NO_SUGGESTION, source: null };
}

/** The label a suggestion carries: 'Suggested from 6 past purchases at Corner Bar'. */
export function suggestionLabel(basedOn: number, where: string): string {
  return `Suggested from ${basedOn} past purchase${basedOn === 1 ? '' : 's'} ${where}`;
}
