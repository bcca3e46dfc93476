/** The figures of the account summary panel per account type (spec §2.3, §9). */
import { CREDIT_CARD_SUBTYPE, type Account, type AccountMonth } from '@mindspend/api-contract';
import { formatShortDate, parseIsoDate, savingsDifference, toCents } from '@mindspend/domain';
import type { SummaryFigure } from '../../shared/ledger-shell/summary-figure';

const SAVINGS = 'Savings';

function shortDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatShortDate(date) : iso;
}

const CREDIT_CARD = 'Credit card';

/**
 * A card's Available Balance: its limit less what it owes at the month's end (the server's
 * `available_credit`, issue 36), or nothing to show until the card has a limit.
 */
function availableCredit(month: AccountMonth['month_summary'] | null): SummaryFigure {
  if (month && month.available_credit === null) {
    return { label: 'Available Balance', cents: null, unknown: true, hint: 'add the card’s limit to see it' };
  }
  return {
    label: 'Available Balance',
    cents: month?.available_credit == null ? null : toCents(month.available_credit),
    hint: 'the limit less what is owed',
  };
}

/**
 * The panel's figures without budgets. The ones the spec shows "only if budgets exist" (Total
 * Budgeted, Available to Spend, Balance) are added by withBudgetFigures when the month has budgets;
 * until then Difference counts 0 budgeted.
 */
export function summaryFigures(account: Account, month: AccountMonth['month_summary'] | null): SummaryFigure[] {
  const balance = account.most_recent_balance;
  const limit: SummaryFigure = { label: 'Limit', cents: balance?.limit == null ? 0 : toCents(balance.limit) };
  const available: SummaryFigure = {
    label: 'Available Balance',
    cents: month ? toCents(month.ending_balance) : null,
    hint: 'at the end of the month',
  };
  if (account.type.name === SAVINGS) {
    const spent = month ? toCents(month.expenses) : null;
    const difference = spent === null ? null : savingsDifference(0, spent);
    return [
      { label: 'Total Spent', cents: spent },
      { label: 'Difference', cents: difference?.differenceCents ?? null, ok: difference?.ok },
    ];
  }
  if (account.type.name === CREDIT_CARD) return [availableCredit(month), limit];
  const current: SummaryFigure = {
    label: 'Current Balance',
    cents: balance ? toCents(balance.current_balance) : 0,
    hint: balance ? `as of ${shortDate(balance.date)}` : undefined,
  };
  if (account.subtype === CREDIT_CARD_SUBTYPE) return [current, availableCredit(month), limit];
  return [current, available];
}
