/** The sentence of a transfer suggestion: 'Looks like a transfer: −$500.00 Checking on Nov 3 and +$500.00 Savings on Nov 4'. */
import type { TransferSuggestion } from '@mindspend/api-contract';
import { monthName, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';

function shortDay(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? `${monthName(date.month).slice(0, 3)} ${date.day}` : iso;
}

export function suggestionText(suggestion: TransferSuggestion): string {
  const amount = formatAmount(toCents(suggestion.amount));
  return (
    `Looks like a transfer: −${amount} ${suggestion.from.account_name} on ${shortDay(suggestion.from.date)}` +
    ` and +${amount} ${suggestion.to.account_name} on ${shortDay(suggestion.to.date)}`
  );
}
