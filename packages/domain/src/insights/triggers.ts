/**
 * What triggers regret (issue 16): the share of felt expenses the person regretted, by weekday, by
 * days since the last income, by payment method and by amount band. A dimension is shown only when
 * it rests on enough feelings, a group only when it has enough of its own (DECISIONS.md #49).
 */
import { dayNumber } from '../budgets/calendar';
import { PAYMENT_METHODS } from '../enums';
import type { Cents } from '../money';
import { regretRate } from './figures';

/** Feelings a dimension needs in all before any of its groups is shown. */
export const TRIGGER_MIN_FEELINGS = 20;
/** Feelings a group needs to be listed: a rate over fewer says nothing. */
export const TRIGGER_MIN_GROUP_FEELINGS = 5;

/** Amount bands, lower bound in cents included, the next band's bound excluded. */
export const AMOUNT_BANDS = [
  { key: 'under_10', label: 'Under $10', fromCents: 0 },
  { key: '10_50', label: '$10 to $50', fromCents: 1_000 },
  { key: '50_200', label: '$50 to $200', fromCents: 5_000 },
  { key: '200_plus', label: '$200 or more', fromCents: 20_000 },
] as const;
export type AmountBandKey = (typeof AMOUNT_BANDS)[number]['key'];

/** Days since the last income, first day included (income on the day of the expense: 0 days). */
export const INCOME_BANDS = [
  { key: '0_3', label: '0 to 3 days after income', fromDays: 0 },
  { key: '4_7', label: '4 to 7 days after income', fromDays: 4 },
  { key: '8_14', label: '8 to 14 days after income', fromDays: 8 },
  { key: '15_plus', label: '15 days or more after income', fromDays: 15 },
] as const;
/** Expenses before the first income ever recorded have no 'days since'; they form their own band. */
export const BEFORE_ANY_INCOME = { key: 'no_income_yet', label: 'Before any income was recorded' } as const;

const WEEKDAYS = [
  { key: 'mon', label: 'Monday' },
  { key: 'tue', label: 'Tuesday' },
  { key: 'wed', label: 'Wednesday' },
  { key: 'thu', label: 'Thursday' },
  { key: 'fri', label: 'Friday' },
  { key: 'sat', label: 'Saturday' },
  { key: 'sun', label: 'Sunday' },
] as const;

const NO_PAYMENT_METHOD = { key: 'none', label: 'Not recorded' } as const;

/** Felt expenses of one local date: what the weekday and the days since income count. */
export interface DayTriggerCell {
  /** `YYYY-MM-DD`, the user's local date of the expense. */
  date: string;
  /** Expenses with any feeling. */
  feelings: number;
  /** Of those, tagged 'Regretted it'. */
  regretted: number;
}

/** Felt expenses of one payment method and amount band. */
export interface MethodBandTriggerCell {
  paymentMethod: string | null;
  amountBand: string;
  feelings: number;
  regretted: number;
}

/**
 * The felt expenses of a range counted twice, once per date and once per payment method and
 * amount band: each dimension needs only one of the two, and both are small (DECISIONS.md #69).
 * Both count the same expenses.
 */
export interface TriggerCounts {
  byDay: readonly DayTriggerCell[];
  byMethodAndBand: readonly MethodBandTriggerCell[];
}

export interface TriggerGroup {
  key: string;
  label: string;
  feelings: number;
  regretted: number;
  /** Percent of `feelings` regretted, one decimal. */
  rate: number;
}

export type TriggerDimension =
  | { enough: true; feelings: number; groups: TriggerGroup[] }
  | { enough: false; feelings: number; needed: number };

export interface RegretTriggers {
  weekday: TriggerDimension;
  daysSinceIncome: TriggerDimension;
  paymentMethod: TriggerDimension;
  amountBand: TriggerDimension;
}

/** The band of an expense amount. */
export function amountBandOf(amountCents: Cents): AmountBandKey {
  let band: AmountBandKey = AMOUNT_BANDS[0].key;
  for (const candidate of AMOUNT_BANDS) if (amountCents >= candidate.fromCents) band = candidate.key;
  return band;
}

/** Whole days from the epoch of a `YYYY-MM-DD` date (calendar days, no time zone involved). */
export function isoDayNumber(date: string): number {
  return dayNumber({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
}

/** Weekday key of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number]['key'] {
  // Day 0 (1970-01-01) was a Thursday, index 3 counting from Monday.
  const index = (((isoDayNumber(date) + 3) % 7) + 7) % 7;
  return WEEKDAYS[index]?.key ?? 'mon';
}

/**
 * Band of days between the latest income on or before `date` and `date`; `incomeDays` are the
 * income dates as day numbers, sorted ascending. Counts run across months and years.
 */
export function incomeBandOf(date: string, incomeDays: readonly number[]): string {
  const day = isoDayNumber(date);
  let low = 0;
  let high = incomeDays.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((incomeDays[mid] ?? Infinity) <= day) low = mid + 1;
    else high = mid;
  }
  const last = incomeDays[low - 1];
  if (last === undefined) return BEFORE_ANY_INCOME.key;
  const days = day - last;
  let band: string = INCOME_BANDS[0].key;
  for (const candidate of INCOME_BANDS) if (days >= candidate.fromDays) band = candidate.key;
  return band;
}

function dimension<Cell extends { feelings: number; regretted: number }>(
  cells: readonly Cell[],
  order: ReadonlyArray<{ key: string; label: string }>,
  keyOf: (cell: Cell) => string,
): TriggerDimension {
  const feelings = cells.reduce((sum, cell) => sum + cell.feelings, 0);
  if (feelings < TRIGGER_MIN_FEELINGS) return { enough: false, feelings, needed: TRIGGER_MIN_FEELINGS };
  const counts = new Map<string, { feelings: number; regretted: number }>();
  for (const cell of cells) {
    const key = keyOf(cell);
    const count = counts.get(key) ?? { feelings: 0, regretted: 0 };
    count.feelings += cell.feelings;
    count.regretted += cell.regretted;
    counts.set(key, count);
  }
  const groups = order.flatMap(({ key, label }) => {
    const count = counts.get(key);
    if (count === undefined || count.feelings < TRIGGER_MIN_GROUP_FEELINGS) return [];
    return [{ key, label, feelings: count.feelings, regretted: count.regretted, rate: regretRate(count.regretted, count.feelings) }];
  });
  return { enough: true, feelings, groups };
}

/**
 * Regret rate of the felt expenses by the four triggers. `incomeDates` are the user's income
 * dates (`YYYY-MM-DD`), including the last one before the range so the first days count right.
 */
export function regretTriggers(counts: TriggerCounts, incomeDates: readonly string[]): RegretTriggers {
  const incomeDays = [...new Set(incomeDates.map(isoDayNumber))].sort((a, b) => a - b);
  const methodKey = (cell: MethodBandTriggerCell) =>
    cell.paymentMethod !== null && PAYMENT_METHODS.some((m) => m.value === cell.paymentMethod) ? cell.paymentMethod : NO_PAYMENT_METHOD.key;
  return {
    weekday: dimension(counts.byDay, WEEKDAYS, (cell) => weekdayOf(cell.date)),
    daysSinceIncome: dimension(counts.byDay, [...INCOME_BANDS, BEFORE_ANY_INCOME], (cell) => incomeBandOf(cell.date, incomeDays)),
    paymentMethod: dimension(counts.byMethodAndBand, [...PAYMENT_METHODS.map((m) => ({ key: m.value, label: m.label })), NO_PAYMENT_METHOD], methodKey),
    amountBand: dimension(counts.byMethodAndBand, AMOUNT_BANDS, (cell) => cell.amountBand),
  };
}
