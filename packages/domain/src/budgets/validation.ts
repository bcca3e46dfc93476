/** Rules for a budget's recurrence, shared by the add/edit forms and the API (spec §2.5, §5). */
import { parseIsoDate } from '../ledger/transactions';
import { FieldErrorCollector, type FieldErrors } from '../validation';
import { ENDINGS, REPEAT_FREQUENCIES } from './recurrence';

export const BUDGET_MESSAGES = {
  intervalInvalid: 'Repeat every must be a whole number of at least 1.',
  frequencyInvalid: 'Repeat unit must be day, month or year.',
  dayInvalid: 'The day of the month must be between 1 and 31.',
  endingInvalid: 'Ending must be never, end after or end by.',
  occurrencesInvalid: 'The number of occurrences must be a whole number of at least 1.',
  endDateInvalid: 'The end date must be a real date on or after the start date.',
  bothEndings: 'Choose either a number of occurrences or an end date, not both.',
  startInvalid: 'The start date must be a real date.',
} as const;

export interface RecurrenceInput {
  repeat_start?: string | null;
  is_recurring?: boolean | number | null;
  repeat_frequency?: string | null;
  repeat_interval?: number | null;
  start_day?: number | null;
  ending?: string | null;
  repeat_num_occurrences?: number | null;
  repeat_end?: string | null;
}

const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Field errors of a recurrence; empty when it describes real dates. */
export function validateRecurrence(input: RecurrenceInput): FieldErrors {
  const errors = new FieldErrorCollector();
  if (!input.repeat_start || !parseIsoDate(input.repeat_start)) errors.add('repeat_start', BUDGET_MESSAGES.startInvalid);
  if (!input.is_recurring) return errors.result();
  if (!REPEAT_FREQUENCIES.includes(input.repeat_frequency as never)) {
    errors.add('repeat_frequency', BUDGET_MESSAGES.frequencyInvalid);
  }
  if (!isWhole(input.repeat_interval, 1, 1000)) errors.add('repeat_interval', BUDGET_MESSAGES.intervalInvalid);
  if (input.start_day !== null && input.start_day !== undefined && !isWhole(input.start_day, 1, 31)) {
    errors.add('start_day', BUDGET_MESSAGES.dayInvalid);
  }
  const ending = input.ending ?? 'never';
  if (!ENDINGS.includes(ending as never)) errors.add('ending', BUDGET_MESSAGES.endingInvalid);
  const hasCount = input.repeat_num_occurrences !== null && input.repeat_num_occurrences !== undefined;
  const hasEnd = Boolean(input.repeat_end);
  if (hasCount && hasEnd) errors.add('ending', BUDGET_MESSAGES.bothEndings);
  if (ending === 'end_after' && !isWhole(input.repeat_num_occurrences, 1, 10_000)) {
    errors.add('repeat_num_occurrences', BUDGET_MESSAGES.occurrencesInvalid);
  }
  if (ending === 'end_by') {
    const end = input.repeat_end ? parseIsoDate(input.repeat_end) : null;
    if (!end || (input.repeat_start && input.repeat_end! < input.repeat_start)) {
      errors.add('repeat_end', BUDGET_MESSAGES.endDateInvalid);
    }
  }
  return errors.result();
}
