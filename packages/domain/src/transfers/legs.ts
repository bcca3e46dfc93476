/**
 * A transfer between two of the user's own accounts (issue 15, docs/DECISIONS.md #47): one
 * amount leaves one account and arrives in another, written as two legs, an expense out of the
 * paying account and an income into the receiving one, so balances need no special case.
 */
import type { Cents } from '../money';
import { MAX_AMOUNT_CENTS } from '../ledger/transactions';

export const TRANSFER_SAME_ACCOUNT = 'Choose two different accounts: money cannot move from an account to itself.';
export const TRANSFER_AMOUNT_POSITIVE = 'The amount must be more than $0.00.';
export const TRANSFER_AMOUNT_TOO_LARGE = 'The amount may be at most $99,999,999.99.';

export interface TransferInput {
  fromAccountId: number;
  toAccountId: number;
  amountCents: Cents;
}

export interface TransferLeg {
  accountId: number;
  type: 'income' | 'expense';
  amountCents: Cents;
}

/** What is wrong with a transfer, by field; empty when it can be recorded. */
export function transferProblems(input: TransferInput): Partial<Record<'to_account_id' | 'amount', string[]>> {
  const problems: Partial<Record<'to_account_id' | 'amount', string[]>> = {};
  if (input.fromAccountId === input.toAccountId) problems.to_account_id = [TRANSFER_SAME_ACCOUNT];
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) problems.amount = [TRANSFER_AMOUNT_POSITIVE];
  else if (input.amountCents > MAX_AMOUNT_CENTS) problems.amount = [TRANSFER_AMOUNT_TOO_LARGE];
  return problems;
}

/**
 * The two legs of a valid transfer: out of the paying account as an expense, into the receiving
 * one as an income, both of the same positive amount. Throws on an invalid transfer; callers
 * check `transferProblems` first and answer 422.
 */
export function transferLegs(input: TransferInput): { out: TransferLeg; in: TransferLeg } {
  const problems = Object.values(transferProblems(input)).flat();
  if (problems.length > 0) throw new Error(problems.join(' '));
  return {
    out: { accountId: input.fromAccountId, type: 'expense', amountCents: input.amountCents },
    in: { accountId: input.toAccountId, type: 'income', amountCents: input.amountCents },
  };
}
