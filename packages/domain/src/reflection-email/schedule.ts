/**
 * When a month's reflection e-mail is due (DECISIONS.md #59): from the 1st of the next month in
 * the person's own timezone, for the first days of that month only. A server that was down on the
 * 1st still sends it on the 2nd; a person who opts in late in a month waits for the next 1st
 * rather than receiving a recap of a month long gone.
 */
import { type LocalDate, type YearMonth, addMonths, compareMonths } from '../months';

/** Days, from the 1st, during which last month's e-mail may still go out. */
export const REFLECTION_EMAIL_SEND_DAYS = 7;

/** The month whose e-mail is due on `today` (the person's local date), or null on later days. */
export function reflectionEmailMonthDue(today: LocalDate): YearMonth | null {
  return today.day <= REFLECTION_EMAIL_SEND_DAYS ? addMonths({ year: today.year, month: today.month }, -1) : null;
}

/** Whether `month` is over on `today`: an e-mail is never sent for a month still running. */
export function isMonthOver(month: YearMonth, today: LocalDate): boolean {
  return compareMonths(month, today) < 0;
}
