/**
 * The monthly reflection e-mail's figures (issue 16, DECISIONS.md #59): last month by feeling and
 * by purpose against the targets, the most regretted payees, the second-look shifts and the
 * reflection. Built from the same rules as the insights and purposes screens, so the e-mail never
 * tells a person a different figure than the app does.
 */
import type { CurrencyCode } from '../currency/currency-code';
import type { Cents } from '../money';
import type { YearMonth } from '../months';
import { type Feeling, PURPOSE_VALUES, type Purpose } from '../ledger/transactions';
import { type PurposeShare, type PurposeTargets, purposeShares } from '../feelings/purposes';
import { type SecondLookCell, type ShiftLine, shiftLines } from '../feelings/second-look';
import { type RegretCell, type RegretLine, type SpendingCell, spendingByFeeling, topRegrettedPayees } from '../insights/figures';

/** How many of the most regretted payees the e-mail names. */
export const EMAIL_REGRETTED_PAYEES = 3;
/** How many payees the e-mail names for each direction of a second-look shift. */
export const EMAIL_SHIFT_PAYEES = 3;

/** The links the e-mail carries, absolute. */
export interface ReflectionEmailLinks {
  /** The month's budgets page, where its reflection is written. */
  month: string;
  settings: string;
  unsubscribe: string;
}

export interface WrittenReflection {
  wentWell: string;
  changeNext: string;
}

/** What the server reads for one person and one month; transfer legs are already left out. */
export interface ReflectionEmailFacts {
  month: YearMonth;
  firstName: string | null;
  /** The month's expenses per feeling and purpose (either may be null). */
  spending: readonly SpendingCell[];
  targets: PurposeTargets | null;
  /** The month's spending and regretted spending per payee (expenses without a payee left out). */
  payees: readonly RegretCell[];
  /** The month's second looks per payee, by first and second feeling. */
  secondLooks: readonly SecondLookCell[];
  reflection: WrittenReflection | null;
  links: ReflectionEmailLinks;
  /** The book's currency, which every figure is in (DECISIONS.md #87). */
  currency: CurrencyCode;
}

export interface FeelingLine {
  feeling: Feeling;
  label: string;
  amountCents: Cents;
  count: number;
  /** Whole percent of the spending with a feeling. */
  percent: number;
}

export interface ShiftSummary {
  /** Expenses that did not feel like a regret at first and did on the second look. */
  soured: number;
  /** Regrets that no longer were one on the second look. */
  warmed: number;
  souredPayees: ShiftLine[];
  warmedPayees: ShiftLine[];
}

export interface ReflectionEmailContent {
  month: YearMonth;
  firstName: string | null;
  spentCents: Cents;
  expenseCount: number;
  feelings: FeelingLine[];
  /** Spending without a feeling. */
  untaggedCents: Cents;
  purposes: PurposeShare[];
  hasTargets: boolean;
  regrettedPayees: RegretLine[];
  shifts: ShiftSummary;
  reflection: WrittenReflection | null;
  links: ReflectionEmailLinks;
  currency: CurrencyCode;
}

/** Whether a month has anything to reflect on: no e-mail is sent for a month without spending. */
export function hasSpending(spending: readonly SpendingCell[]): boolean {
  return spending.some((cell) => cell.count > 0);
}

const isPurpose = (value: string | null): value is Purpose => (PURPOSE_VALUES as readonly (string | null)[]).includes(value);

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Second-look shifts of the month, counted once per expense (per payee, as insights count them). */
export function shiftSummary(cells: readonly SecondLookCell[]): ShiftSummary {
  const lines = shiftLines(cells);
  return {
    soured: sum(lines.map((line) => line.soured)),
    warmed: sum(lines.map((line) => line.warmed)),
    souredPayees: lines.filter((line) => line.soured > 0).slice(0, EMAIL_SHIFT_PAYEES),
    warmedPayees: lines
      .filter((line) => line.warmed > 0)
      .sort((a, b) => b.warmed - a.warmed || a.name.localeCompare(b.name))
      .slice(0, EMAIL_SHIFT_PAYEES),
  };
}

/** Every figure of the e-mail, in cents; formatting happens in the text and HTML renderers. */
export function reflectionEmailContent(facts: ReflectionEmailFacts): ReflectionEmailContent {
  const spentCents = sum(facts.spending.map((cell) => cell.amountCents));
  const byPurpose: Partial<Record<Purpose, Cents>> = {};
  for (const cell of facts.spending) {
    if (isPurpose(cell.purpose)) byPurpose[cell.purpose] = (byPurpose[cell.purpose] ?? 0) + cell.amountCents;
  }
  const feelings = spendingByFeeling(facts.spending).map((share) => ({
    feeling: share.key,
    label: share.label,
    amountCents: share.amountCents,
    count: share.count,
    percent: share.percent,
  }));
  const taggedCents = sum(feelings.map((line) => line.amountCents));
  return {
    month: facts.month,
    firstName: facts.firstName,
    spentCents,
    expenseCount: sum(facts.spending.map((cell) => cell.count)),
    feelings,
    untaggedCents: spentCents - taggedCents,
    purposes: purposeShares(byPurpose, spentCents, facts.targets),
    hasTargets: facts.targets !== null,
    regrettedPayees: topRegrettedPayees(facts.payees, EMAIL_REGRETTED_PAYEES),
    shifts: shiftSummary(facts.secondLooks),
    reflection: facts.reflection,
    links: facts.links,
    currency: facts.currency,
  };
}
