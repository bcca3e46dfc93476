/** Account figures of spec §9. */
import type { Cents } from '../money';
import type { TransactionType } from './transactions';

export interface DatedAmount {
  type: TransactionType;
  amountCents: Cents;
  /** `YYYY-MM-DD` */
  date: string;
}

/**
 * Ending balance = available balance − credits (expenses) + debits (income) dated after the
 * balance date: the balance was read on that date, so its own transactions are already in it.
 */
export function endingBalance(availableCents: Cents, balanceDate: string, transactions: readonly DatedAmount[]): Cents {
  let balance = availableCents;
  for (const transaction of transactions) {
    if (transaction.date <= balanceDate) continue;
    balance += transaction.type === 'income' ? transaction.amountCents : -transaction.amountCents;
  }
  return balance;
}

/** Available to Spend = available balance − (ongoing remaining + bills budgeted), floored at 0. */
export function availableToSpend(availableCents: Cents, ongoingRemainingCents: Cents, billsBudgetedCents: Cents): Cents {
  return Math.max(0, availableCents - (ongoingRemainingCents + billsBudgetedCents));
}

/** Savings panel: Difference = budgeted − spent; a cross mark when negative, a check otherwise. */
export function savingsDifference(budgetedCents: Cents, spentCents: Cents): { differenceCents: Cents; ok: boolean } {
  const differenceCents = budgetedCents - spentCents;
  return { differenceCents, ok: differenceCents >= 0 };
}

/**
 * What a card owes at a month's end: the applied reading's current balance (what it owed on the
 * reading's date) less the net change since, as spending on the card adds to the debt and a
 * payment into it takes from it. Reports count a card's liability by this same rule (DECISIONS.md
 * #53), so the ledger's card figures and the net worth never disagree.
 */
export function cardOwedCents(currentCents: Cents, netChangeSinceCents: Cents): Cents {
  return currentCents - netChangeSinceCents;
}

/** A card's available credit: its limit less what it owes; null when the limit is not known. */
export function availableCreditCents(limitCents: Cents | null, owedCents: Cents): Cents | null {
  return limitCents === null ? null : limitCents - owedCents;
}
