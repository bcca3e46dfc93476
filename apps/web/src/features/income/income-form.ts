/** The income source form (spec §2.6, §3, §5 'Add income form', §9 defaults) and how a source reads. */
import {
  INCOME_ACCOUNT_REQUIRED,
  INCOME_AMOUNT_REQUIRED,
  INCOME_RECURRENCE_REQUIRED,
  INCOME_SOURCE_REQUIRED,
  INCOME_START_DATE_REQUIRED,
  X_DAYS_REQUIRED,
  X_DAYS_RULE,
  type CreateIncomeSourceBody,
  type IncomeSource,
} from '@mindspend/api-contract';
import {
  DEFAULT_X_DAYS,
  INCOME_RECURRENCES,
  MAX_X_DAYS,
  addMonths,
  hasAtMostTwoDecimals,
  incomeDatesInMonth,
  toCents,
  type IncomeRecurrence,
} from '@mindspend/domain';

/** The client-side draft of spec §3: account, entity, amount, recurrence, xDays, startDate. */
export interface IncomeFormValues {
  accountId: number | null;
  entityId: number | null;
  /** What the Amount box holds ('' when empty). */
  amount: number | '';
  /** `YYYY-MM-DD`, or ''. */
  startDate: string;
  recurrence: IncomeRecurrence | null;
  xDays: number | '';
}

export type IncomeFormErrors = Partial<Record<keyof IncomeFormValues, string>>;

/** Spec §9: monthly and every 14 days unless the user chooses otherwise. */
export function emptyIncomeForm(accountId: number | null, startDate: string): IncomeFormValues {
  return { accountId, entityId: null, amount: '', startDate, recurrence: 'monthly', xDays: DEFAULT_X_DAYS };
}

export function incomeFormOf(source: IncomeSource): IncomeFormValues {
  return {
    accountId: source.account_id,
    entityId: source.entity_id,
    amount: source.amount,
    startDate: source.start_date,
    recurrence: source.recurrence,
    xDays: source.x_days ?? DEFAULT_X_DAYS,
  };
}

export const AMOUNT_NEGATIVE = 'The amount must not be negative.';
export const AMOUNT_DECIMALS = 'The amount must have at most two decimal places.';

/** Spec §5: every field required; amount at least 0 in cents; every-x-days a whole number from 1. */
export function incomeFormErrors(values: IncomeFormValues): IncomeFormErrors {
  const errors: IncomeFormErrors = {};
  if (values.accountId === null) errors.accountId = INCOME_ACCOUNT_REQUIRED;
  if (values.entityId === null) errors.entityId = INCOME_SOURCE_REQUIRED;
  if (values.amount === '') errors.amount = INCOME_AMOUNT_REQUIRED;
  else if (values.amount < 0) errors.amount = AMOUNT_NEGATIVE;
  else if (!hasAtMostTwoDecimals(values.amount)) errors.amount = AMOUNT_DECIMALS;
  if (values.startDate === '') errors.startDate = INCOME_START_DATE_REQUIRED;
  if (values.recurrence === null) errors.recurrence = INCOME_RECURRENCE_REQUIRED;
  if (values.recurrence === 'every_x_days') {
    if (values.xDays === '') errors.xDays = X_DAYS_REQUIRED;
    else if (!Number.isInteger(values.xDays) || values.xDays < 1 || values.xDays > MAX_X_DAYS)
      errors.xDays = X_DAYS_RULE;
  }
  return errors;
}

/** The body of POST/PATCH; x_days only travels for every_x_days (the server stores null otherwise). */
export function incomeBodyOf(values: IncomeFormValues): CreateIncomeSourceBody {
  const everyX = values.recurrence === 'every_x_days';
  return {
    account_id: values.accountId,
    entity_id: values.entityId,
    amount: values.amount === '' ? null : values.amount,
    start_date: values.startDate === '' ? null : values.startDate,
    recurrence: values.recurrence,
    x_days: everyX && values.xDays !== '' ? values.xDays : null,
  };
}

/** 'Once Monthly', '1st and 15th', 'Every two weeks', 'Every 10 days'. */
export function recurrenceLabel(recurrence: IncomeRecurrence, xDays: number | null): string {
  if (recurrence === 'every_x_days')
    return xDays === 1 ? 'Every day' : `Every ${xDays ?? DEFAULT_X_DAYS} days`;
  return INCOME_RECURRENCES.find((entry) => entry.value === recurrence)?.label ?? recurrence;
}

export const RECURRENCE_OPTIONS = INCOME_RECURRENCES.map((entry) => ({
  value: entry.value,
  label: entry.label,
}));

/** The first payment on or after `today` (`YYYY-MM-DD`), looking at most 13 months ahead; null when none. */
export function nextPaymentDate(source: IncomeSource, today: string): string | null {
  const start = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  for (let offset = 0; offset <= 13; offset += 1) {
    const dates = incomeDatesInMonth(
      {
        id: source.id,
        entityId: source.entity_id,
        amountCents: toCents(source.amount),
        startDate: source.start_date,
        recurrence: source.recurrence,
        xDays: source.x_days,
      },
      addMonths(start, offset),
    );
    const next = dates.find((date) => date >= today);
    if (next) return next;
  }
  return null;
}
