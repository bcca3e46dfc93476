/** One step of the 'Categories Need Budgets' dialog (spec §4 'Unbudgeted categories flow'). */
import type { CreateBudgetBody, UnbudgetedSubcategory } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { amountText, parseAmountText } from '../../lib/amount-text';

/** Spec §9: a bill falls due on the 15th unless told otherwise. */
export const DEFAULT_BILL_DUE_DAY = 15;

export interface UnbudgetedDraft {
  dueInFull: 0 | 1;
  dueDay: string;
  title: string;
  amount: string;
}

/** Flexible ('ongoing'), due day 15, titled after the sub-category, the month's spending as amount. */
export function draftFor(sub: UnbudgetedSubcategory): UnbudgetedDraft {
  return {
    dueInFull: 0,
    dueDay: String(DEFAULT_BILL_DUE_DAY),
    title: sub.name,
    amount: amountText(sub.spent),
  };
}

/** 'Save & Next' is disabled while the amount is empty or not above 0 (spec §5). */
export function canSaveDraft(draft: UnbudgetedDraft): boolean {
  const amount = parseAmountText(draft.amount);
  return amount !== null && amount > 0;
}

/** A monthly budget, interval 1, no end, from the month shown on (spec §4). */
export function unbudgetedBody(
  sub: UnbudgetedSubcategory,
  draft: UnbudgetedDraft,
  month: YearMonth,
): CreateBudgetBody {
  const day = Number(draft.dueDay);
  return {
    transaction_subcategory_id: sub.id,
    display_name: draft.title.trim() || sub.name,
    emoji: sub.emoji,
    due_in_full: draft.dueInFull,
    amount: parseAmountText(draft.amount) ?? 0,
    is_recurring: true,
    repeat_frequency: 'month',
    repeat_interval: 1,
    repeat_start: `${month.year}-${String(month.month).padStart(2, '0')}-01`,
    start_day: draft.dueInFull === 1 && Number.isInteger(day) && day >= 1 && day <= 31 ? day : null,
    ending: 'never',
    repeat_num_occurrences: null,
    repeat_end: null,
  };
}
