/** The add/edit budget form's state and the body it sends (spec §2.5, §5, §9 defaults). */
import type { Budget, CreateBudgetBody, UpdateBudgetBody } from '@mindspend/api-contract';
import {
  validateRecurrence,
  type Ending,
  type FieldErrors,
  type RepeatFrequency,
  type YearMonth,
} from '@mindspend/domain';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';

export interface BudgetFormState {
  subcategoryId: number | null;
  displayName: string;
  emoji: string;
  /** Set to 1 when a sub-category is chosen (spec §5). */
  onceMonthly: 0 | 1;
  dueInFull: 0 | 1;
  amount: string;
  isRecurring: boolean;
  frequency: RepeatFrequency;
  interval: string;
  startDay: string;
  ending: Ending;
  occurrences: string;
  endDate: string;
  /** Flexible only: leftover carries into the next month (docs/DECISIONS.md #55). */
  rollover: boolean;
  /** Flexible only: dollars of regretted spending a month may hold; blank for no cap (#56). */
  regretCap: string;
}

/** Spec §9: flexible, every 1 month, ending never. */
export function emptyBudgetForm(): BudgetFormState {
  return {
    subcategoryId: null,
    displayName: '',
    emoji: '',
    onceMonthly: 0,
    dueInFull: 0,
    amount: '',
    isRecurring: true,
    frequency: 'month',
    interval: '1',
    startDay: '1',
    ending: 'never',
    occurrences: '',
    endDate: '',
    rollover: false,
    regretCap: '',
  };
}

export function formFromBudget(budget: Budget): BudgetFormState {
  return {
    subcategoryId: budget.transaction_subcategory_id,
    displayName: budget.display_name,
    emoji: budget.emoji,
    onceMonthly: budget.once_monthly,
    dueInFull: budget.due_in_full,
    amount: amountText(budget.amount),
    isRecurring: budget.is_recurring === 1,
    frequency: budget.repeat_frequency,
    interval: String(budget.repeat_interval),
    startDay: String(budget.start_day ?? Number(budget.repeat_start.slice(8, 10))),
    ending: budget.ending,
    occurrences: budget.repeat_num_occurrences === null ? '' : String(budget.repeat_num_occurrences),
    endDate: budget.repeat_end ?? '',
    rollover: budget.rollover,
    regretCap: budget.regret_cap === null ? '' : amountText(budget.regret_cap),
  };
}

/** Choosing a sub-category names the budget after it (spec §5). */
export function chooseSubcategory(
  state: BudgetFormState,
  sub: { id: number; name: string; emoji: string },
): BudgetFormState {
  return { ...state, subcategoryId: sub.id, displayName: sub.name, emoji: sub.emoji, onceMonthly: 1 };
}

/** Choosing an end date clears the occurrence count, and the other way round (spec §5). */
export function setEndDate(state: BudgetFormState, endDate: string): BudgetFormState {
  return { ...state, endDate, occurrences: endDate === '' ? state.occurrences : '' };
}

export function setOccurrences(state: BudgetFormState, occurrences: string): BudgetFormState {
  return { ...state, occurrences, endDate: occurrences === '' ? state.endDate : '' };
}

/** 'month' or 'months' as the unit select shows it for the interval (spec §2.5). */
export function unitLabel(unit: RepeatFrequency, interval: string): string {
  return Number(interval) === 1 ? unit : `${unit}s`;
}

const wholeOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The recurrence fields sent to the server; the start is the first of the given month. */
function recurrenceBody(state: BudgetFormState, start: YearMonth) {
  const startIso = `${start.year}-${String(start.month).padStart(2, '0')}-01`;
  return {
    is_recurring: state.isRecurring,
    repeat_frequency: state.frequency,
    repeat_interval: wholeOrNull(state.interval) ?? Number.NaN,
    repeat_start: startIso,
    start_day: state.frequency === 'month' ? wholeOrNull(state.startDay) : null,
    ending: state.ending,
    repeat_num_occurrences: state.ending === 'end_after' ? wholeOrNull(state.occurrences) : null,
    repeat_end: state.ending === 'end_by' && state.endDate !== '' ? state.endDate : null,
  };
}

export interface FormCheck<T> {
  body: T | null;
  errors: FieldErrors;
}

function check<T extends object>(
  state: BudgetFormState,
  body: T,
  recurrence: ReturnType<typeof recurrenceBody>,
): FormCheck<T> {
  const errors: Record<string, string[]> = { ...validateRecurrence(recurrence) };
  const amount = parseAmountText(state.amount);
  // A refused amount says why (DECISIONS.md #86) rather than that it is missing.
  if (amount === null || amount < 0) errors.amount = [amountProblem(state.amount) ?? 'Enter the amount, e.g. 120.00.'];
  if (state.subcategoryId === null)
    errors.transaction_subcategory_id = ['Choose a sub-category for the budget.'];
  const cap = parseAmountText(state.regretCap);
  if (state.dueInFull === 0 && state.regretCap.trim() !== '' && (cap === null || cap <= 0))
    errors.regret_cap = [amountProblem(state.regretCap) ?? 'Enter a cap above $0.00, e.g. 100.00, or leave it blank for none.'];
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: {} };
}

/** The regret cap a flexible budget's form sends: blank is none (null); a bill sends none. */
function regretCapBody(state: BudgetFormState): { regret_cap?: number | null } {
  if (state.dueInFull === 1) return {};
  return { regret_cap: state.regretCap.trim() === '' ? null : (parseAmountText(state.regretCap) ?? Number.NaN) };
}

/** POST /budgets body, or the field errors that keep it from being sent. */
export function createBody(state: BudgetFormState, start: YearMonth): FormCheck<CreateBudgetBody> {
  const recurrence = recurrenceBody(state, start);
  const body: CreateBudgetBody = {
    transaction_subcategory_id: state.subcategoryId ?? undefined,
    display_name: state.displayName.trim() || undefined,
    emoji: state.emoji || undefined,
    due_in_full: state.dueInFull,
    amount: parseAmountText(state.amount) ?? 0,
    ...recurrence,
    ...(state.dueInFull === 0 && { rollover: state.rollover }),
    ...regretCapBody(state),
  };
  return check(state, body, recurrence);
}

/** PATCH /budgets/{id} body of the budget's own fields (its start month is kept; the amount is per month). */
export function updateBody(state: BudgetFormState, budget: Budget): FormCheck<UpdateBudgetBody> {
  const start = {
    year: Number(budget.repeat_start.slice(0, 4)),
    month: Number(budget.repeat_start.slice(5, 7)),
  };
  const recurrence = { ...recurrenceBody(state, start), repeat_start: budget.repeat_start };
  const body: UpdateBudgetBody = {
    display_name: state.displayName.trim() || undefined,
    due_in_full: state.dueInFull,
    ...recurrence,
    ...regretCapBody(state),
  };
  return check(state, body, recurrence);
}
