/** The goal form (DECISIONS.md #5): saved so far is typed in, or read from a tracked savings account. */
import {
  GOAL_DATE_REQUIRED,
  GOAL_NAME_REQUIRED,
  GOAL_TARGET_REQUIRED,
  type Account,
  type CreateGoalBody,
  type Goal,
} from '@mindspend/api-contract';
import {
  goalFigures,
  hasAtMostTwoDecimals,
  parseIsoDate,
  toCents,
  type GoalFigures,
} from '@mindspend/domain';

export type SavedMode = 'entered' | 'account';

export interface GoalFormValues {
  name: string;
  targetAmount: number | '';
  /** `YYYY-MM-DD` or ''. */
  targetDate: string;
  savedMode: SavedMode;
  savedAmount: number | '';
  accountId: number | null;
}

export type GoalFormErrors = Partial<Record<keyof GoalFormValues, string>>;

export const EMPTY_GOAL: GoalFormValues = {
  name: '',
  targetAmount: '',
  targetDate: '',
  savedMode: 'entered',
  savedAmount: '',
  accountId: null,
};
export const TARGET_POSITIVE = 'The target amount must be greater than 0.';
export const TARGET_DECIMALS = 'The target amount must have at most two decimal places.';
export const SAVED_DECIMALS = 'The amount must have at most two decimal places.';
export const TRACKED_ACCOUNT_REQUIRED = 'Choose the savings account to track.';

export function goalFormOf(goal: Goal): GoalFormValues {
  return {
    name: goal.name,
    targetAmount: goal.target_amount,
    targetDate: goal.target_date,
    savedMode: goal.account_id === null ? 'entered' : 'account',
    savedAmount: goal.saved_amount,
    accountId: goal.account_id,
  };
}

export function goalFormErrors(values: GoalFormValues): GoalFormErrors {
  const errors: GoalFormErrors = {};
  if (values.name.trim() === '') errors.name = GOAL_NAME_REQUIRED;
  if (values.targetAmount === '') errors.targetAmount = GOAL_TARGET_REQUIRED;
  else if (values.targetAmount <= 0) errors.targetAmount = TARGET_POSITIVE;
  else if (!hasAtMostTwoDecimals(values.targetAmount)) errors.targetAmount = TARGET_DECIMALS;
  if (values.targetDate === '') errors.targetDate = GOAL_DATE_REQUIRED;
  if (values.savedMode === 'account' && values.accountId === null)
    errors.accountId = TRACKED_ACCOUNT_REQUIRED;
  if (
    values.savedMode === 'entered' &&
    values.savedAmount !== '' &&
    !hasAtMostTwoDecimals(values.savedAmount)
  )
    errors.savedAmount = SAVED_DECIMALS;
  return errors;
}

/** POST/PATCH body: a tracked account replaces the typed amount (which is kept as entered). */
export function goalBodyOf(values: GoalFormValues): CreateGoalBody & { account_id: number | null } {
  return {
    name: values.name.trim(),
    target_amount: values.targetAmount === '' ? null : values.targetAmount,
    target_date: values.targetDate === '' ? null : values.targetDate,
    saved_amount: values.savedAmount === '' ? 0 : values.savedAmount,
    account_id: values.savedMode === 'account' ? values.accountId : null,
  };
}

/** What counts as saved while filling the form: the tracked account's current balance, else the typed amount. */
export function savedDollarsOf(values: GoalFormValues, accounts: readonly Account[]): number {
  if (values.savedMode === 'account') {
    const account = accounts.find((entry) => entry.id === values.accountId);
    return account?.most_recent_balance?.current_balance ?? 0;
  }
  return values.savedAmount === '' ? 0 : values.savedAmount;
}

/** The form's live preview of the monthly amount still needed; null until target and date are set. */
export function goalPreview(
  values: GoalFormValues,
  accounts: readonly Account[],
  today: string,
): GoalFigures | null {
  const day = parseIsoDate(today);
  if (
    values.targetAmount === '' ||
    values.targetAmount <= 0 ||
    values.targetDate === '' ||
    !day ||
    !parseIsoDate(values.targetDate)
  )
    return null;
  return goalFigures(
    {
      targetCents: toCents(values.targetAmount),
      savedCents: toCents(savedDollarsOf(values, accounts)),
      targetDate: values.targetDate,
    },
    day,
  );
}
