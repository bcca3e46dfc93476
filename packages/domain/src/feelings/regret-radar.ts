/**
 * The regret radar (issue 16): a new expense at a payee or in a sub-category the person has
 * mostly regretted lately is flagged at the moment it is recorded, 'You regretted 4 of your last
 * 5 purchases at Corner Bar.' (docs/DECISIONS.md #57).
 *
 * The rule: over the expenses **with a feeling** dated strictly inside the window
 * (date − 6 months, date) — the expense's own day, and so the expense itself, excluded — at least
 * 3 felt purchases of which at least half carry 'Regretted it'. 'date − 6 months' keeps the day
 * of the month and moves back to the month's last day when that month is shorter (Aug 31 → Feb 28,
 * or Feb 29 in a leap year).
 */
import { addMonths } from '../months';
import { clampedDay, mustParse, toIso } from '../budgets/calendar';
import { regretRate } from '../insights/figures';

/** Felt purchases a rate needs before it warns: fewer is an anecdote. */
export const REGRET_RADAR_MIN_FEELINGS = 3;
/** Months back the radar looks. */
export const REGRET_RADAR_MONTHS = 6;
/** The feeling value labelled 'Regretted it' (FEELINGS in enums.ts). */
export const REGRETTED_FEELING = 'negative';

/** What a warning is about: the expense's payee, or (when the payee has too few feelings) its sub-category. */
export type RegretBasis = 'payee' | 'subcategory';

/** Felt purchases and how many of them were regretted. */
export interface RegretCounts {
  felt: number;
  regretted: number;
}

/** A warning: the counts, the rate in percent (one decimal), and what they are about. */
export interface RegretWarning extends RegretCounts {
  rate: number;
  basis: RegretBasis;
  /** The payee's or sub-category's id and name, as the sentence names it. */
  id: number;
  name: string;
}

/** `YYYY-MM-DD` six months before the date, the day moved back to the month's end when needed. */
export function regretWindowStart(date: string): string {
  const day = mustParse(date);
  const month = addMonths({ year: day.year, month: day.month }, -REGRET_RADAR_MONTHS);
  return toIso(clampedDay(month, day.day));
}

/** Whether counts warn: at least 3 feelings, at least half of them regretted. */
export function meetsRegretThreshold(counts: RegretCounts): boolean {
  return counts.felt >= REGRET_RADAR_MIN_FEELINGS && counts.regretted * 2 >= counts.felt;
}

/** One day's felt purchases at a place (several purchases of a day are one entry). */
export interface RegretDay extends RegretCounts {
  /** `YYYY-MM-DD`. */
  date: string;
}

/**
 * The felt purchases of one payee or sub-category, by day, ready for window counts in two binary
 * searches: `dates` ascending and distinct, `feltBefore[i]` / `regrettedBefore[i]` the totals of
 * the days before `dates[i]` (one more entry than days, the last being the whole).
 */
export interface RegretHistory {
  dates: string[];
  feltBefore: number[];
  regrettedBefore: number[];
}

/** Builds a history from days in any order; days of the same date add up. */
export function regretHistory(days: readonly RegretDay[]): RegretHistory {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const history: RegretHistory = { dates: [], feltBefore: [0], regrettedBefore: [0] };
  for (const day of sorted) {
    const last = history.dates.length - 1;
    if (last >= 0 && history.dates[last] === day.date) {
      history.feltBefore[last + 1] = (history.feltBefore[last + 1] ?? 0) + day.felt;
      history.regrettedBefore[last + 1] = (history.regrettedBefore[last + 1] ?? 0) + day.regretted;
      continue;
    }
    history.dates.push(day.date);
    history.feltBefore.push((history.feltBefore[last + 1] ?? 0) + day.felt);
    history.regrettedBefore.push((history.regrettedBefore[last + 1] ?? 0) + day.regretted);
  }
  return history;
}

/** Index of the first date after `date` (strictly). */
function firstAfter(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((dates[middle] ?? '') <= date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first date on or after `date`. */
function firstFrom(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((dates[middle] ?? '') < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Felt and regretted purchases of the history strictly inside (date − 6 months, date);
 * `windowStart` is `regretWindowStart(date)`, passed by a caller weighing many rows of one date.
 */
export function regretCountsBefore(history: RegretHistory, date: string, windowStart = regretWindowStart(date)): RegretCounts {
  const from = firstAfter(history.dates, windowStart);
  const to = firstFrom(history.dates, date);
  if (to <= from) return { felt: 0, regretted: 0 };
  return {
    felt: (history.feltBefore[to] ?? 0) - (history.feltBefore[from] ?? 0),
    regretted: (history.regrettedBefore[to] ?? 0) - (history.regrettedBefore[from] ?? 0),
  };
}

/** A place to weigh: its id and name, and its history (absent when it has no felt purchases). */
export interface RegretPlace {
  id: number;
  name: string;
  history: RegretHistory | undefined;
}

function warningAt(place: RegretPlace, basis: RegretBasis, date: string, counts: RegretCounts): RegretWarning {
  return { ...counts, rate: regretRate(counts.regretted, counts.felt), basis, id: place.id, name: place.name };
}

/**
 * The warning for an expense dated `date`, or null. The payee speaks first: with at least 3
 * feelings in the window its rate decides, warning or not. A payee with fewer (or none) leaves it
 * to the sub-categories, of which the one with the highest rate warns (more feelings, then the
 * earlier listed, break a tie).
 */
export function regretWarningFor(
  date: string,
  payee: RegretPlace | null,
  subcategories: readonly RegretPlace[],
  windowStart = regretWindowStart(date),
): RegretWarning | null {
  if (payee?.history) {
    const counts = regretCountsBefore(payee.history, date, windowStart);
    if (counts.felt >= REGRET_RADAR_MIN_FEELINGS) return meetsRegretThreshold(counts) ? warningAt(payee, 'payee', date, counts) : null;
  }
  let best: RegretWarning | null = null;
  for (const place of subcategories) {
    if (!place.history) continue;
    const counts = regretCountsBefore(place.history, date, windowStart);
    if (!meetsRegretThreshold(counts)) continue;
    const candidate = warningAt(place, 'subcategory', date, counts);
    const better =
      !best ||
      candidate.regretted * best.felt > best.regretted * candidate.felt ||
      (candidate.regretted * best.felt === best.regretted * candidate.felt && candidate.felt > best.felt);
    if (better) best = candidate;
  }
  return best;
}

/** 'You regretted 4 of your last 5 purchases at Corner Bar.' ('in Bars' for a sub-category). */
export function regretWarningSentence(warning: Pick<RegretWarning, 'felt' | 'regretted' | 'basis' | 'name'>): string {
  const place = warning.basis === 'payee' ? `at ${warning.name}` : `in ${warning.name}`;
  const all = warning.regretted === warning.felt;
  return all
    ? `You regretted all of your last ${warning.felt} purchases ${place}.`
    : `You regretted ${warning.regretted} of your last ${warning.felt} purchases ${place}.`;
}

/** What the sentence counts, said once beside it. */
export const REGRET_RADAR_BASIS_NOTE = 'Counted over the purchases you gave a feeling in the 6 months before this one.';
