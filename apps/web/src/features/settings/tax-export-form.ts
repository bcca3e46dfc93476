/** The tax and warranty export's choices (DECISIONS.md #113): checked here as the server checks them, so a mistake is said before a download starts. */
import { TAX_EXPORT_MAX_YEARS, TAX_EXPORT_MESSAGES } from '@mindspend/api-contract';

export interface TaxExportChoice {
  from: string;
  to: string;
  subcategoryIds: readonly number[];
}

/** This year so far: the usual question at tax time is about the year just ending. */
export function defaultTaxRange(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** What is wrong with the choice, in the server's sentences; empty when it can be sent. */
export function taxExportProblems(choice: TaxExportChoice): string[] {
  const problems: string[] = [];
  if (!ISO_DATE.test(choice.from) || !ISO_DATE.test(choice.to)) problems.push('Choose both dates.');
  else if (choice.from > choice.to) problems.push(TAX_EXPORT_MESSAGES.range);
  else if (dayNumber(choice.to) - dayNumber(choice.from) > TAX_EXPORT_MAX_YEARS * 366) problems.push(TAX_EXPORT_MESSAGES.tooLong);
  if (choice.subcategoryIds.length === 0) problems.push(TAX_EXPORT_MESSAGES.categoriesRequired);
  return problems;
}
