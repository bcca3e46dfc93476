/** What saving one suggestion of the first-run wizard sends (spec §4 'Budget suggestions'). */
import type { BudgetSuggestion, CreateBudgetBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { parseAmountText } from '../../lib/amount-text';

/** Spec §4: Save stays disabled while the amount is 0 or '$0.00' (or not a number). */
export function canSaveAmount(text: string): boolean {
  const amount = parseAmountText(text);
  return amount !== null && amount > 0;
}

/** A monthly budget from this month on, due on the suggestion's day when it is a bill. */
export function suggestionBody(
  suggestion: BudgetSuggestion,
  amountText: string,
  repeats: boolean,
  month: YearMonth,
): CreateBudgetBody {
  return {
    transaction_subcategory_id: suggestion.transaction_subcategory_id,
    display_name: suggestion.display_name,
    emoji: suggestion.emoji,
    due_in_full: suggestion.due_in_full,
    amount: parseAmountText(amountText) ?? 0,
    is_recurring: repeats,
    repeat_frequency: 'month',
    repeat_interval: 1,
    repeat_start: `${month.year}-${String(month.month).padStart(2, '0')}-01`,
    start_day: suggestion.due_in_full === 1 ? suggestion.start_day : null,
    ending: 'never',
    repeat_num_occurrences: null,
    repeat_end: null,
  };
}
