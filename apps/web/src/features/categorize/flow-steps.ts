/**
 * Rules of the Categorize and Emotions flows (spec §4): which transactions they step through,
 * the step header figures, the prefill from the same payee, and the bodies they save.
 */
import type { Transaction, TransactionBody } from '@mindspend/api-contract';
import { isMissingEmotion, isUncategorized, toCents, type Cents, type Feeling } from '@mindspend/domain';

export interface CategoryChoice {
  categoryId: number;
  subcategoryId: number;
}

/** The payee a transaction is from: its entity, else the payee text as written. */
export function payeeKey(transaction: Pick<Transaction, 'entity_id' | 'payee' | 'type'>): string {
  const who = transaction.entity_id !== null ? `entity:${transaction.entity_id}` : `payee:${(transaction.payee ?? '').trim().toLowerCase()}`;
  return `${transaction.type}|${who}`;
}

/** A transfer's leg is neither spending nor income: no category or feeling is asked of it (docs/DECISIONS.md #47). */
const notTransferLeg = (transaction: Pick<Transaction, 'transfer_id'>) => transaction.transfer_id === null;

/** The month's transactions the Categorize flow steps through, in ledger order. */
export function uncategorizedSteps(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter((transaction) => notTransferLeg(transaction) && isUncategorized(transaction));
}

/** The month's transactions the Emotions flow steps through, in ledger order. */
export function missingEmotionSteps(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter((transaction) => notTransferLeg(transaction) && isMissingEmotion(transaction));
}

export interface StepHeader {
  /** 'n of total'. */
  counter: string;
  /** Share of the steps already done, whole percent. */
  percent: number;
  /** Sum of the amounts of this step and those after it, in the book's currency (their base amounts). */
  remainingCents: Cents;
}

/** The header of step `index` (0-based) of `steps`. */
export function stepHeader(steps: readonly Pick<Transaction, 'base_amount'>[], index: number): StepHeader {
  const total = steps.length;
  // In the book's currency: a second look's steps may come from accounts in different currencies (DECISIONS.md #90).
  const remainingCents = steps.slice(index).reduce((sum, step) => sum + toCents(Math.abs(step.base_amount)), 0);
  return {
    counter: `${Math.min(index + 1, total)} of ${total}`,
    percent: total === 0 ? 100 : Math.round((index / total) * 100),
    remainingCents,
  };
}

/** Choices made in this session, by payee: the next transaction of the payee starts from them. */
export class PayeeMemory {
  private readonly choices = new Map<string, CategoryChoice>();

  remember(transaction: Pick<Transaction, 'entity_id' | 'payee' | 'type'>, choice: CategoryChoice): void {
    this.choices.set(payeeKey(transaction), choice);
  }

  recall(transaction: Pick<Transaction, 'entity_id' | 'payee' | 'type'>): CategoryChoice | null {
    return this.choices.get(payeeKey(transaction)) ?? null;
  }

  clear(): void {
    this.choices.clear();
  }
}

/** One memory for the browser tab: 'the last choice for the same payee in this session'. */
export const sessionPayeeMemory = new PayeeMemory();

/**
 * Spec §4 prefill: the last choice for the same payee in this session, else the sub-category of
 * an earlier categorized transaction of the same payee (the newest one), else nothing.
 */
export function prefillChoice(
  transaction: Transaction,
  memory: PayeeMemory,
  history: readonly Transaction[],
): CategoryChoice | null {
  const remembered = memory.recall(transaction);
  if (remembered) return remembered;
  const key = payeeKey(transaction);
  let best: Transaction | null = null;
  for (const other of history) {
    if (other.id === transaction.id || isUncategorized(other) || payeeKey(other) !== key) continue;
    if (best === null || other.date > best.date || (other.date === best.date && other.id > best.id)) best = other;
  }
  const line = best?.subcategories[0];
  return line ? { categoryId: line.transaction_category_id, subcategoryId: line.id } : null;
}

/** The fields every update repeats (the server keeps what is not sent). */
function baseBody(transaction: Transaction): TransactionBody {
  return { type: transaction.type, amount: transaction.absolute_value_amount, date: transaction.date };
}

/** Categorize: one sub-category carrying the whole amount. */
export function categorizeBody(transaction: Transaction, subcategoryId: number): TransactionBody {
  return { ...baseBody(transaction), subcategories: [{ id: subcategoryId, amount: transaction.absolute_value_amount }] };
}

/** Emotions: exactly one feeling. */
export function emotionBody(transaction: Transaction, feeling: Feeling): TransactionBody {
  return { ...baseBody(transaction), emotion_names: [feeling] };
}

/** The primary button of a step: the last one finishes. */
export function saveLabel(index: number, total: number): string {
  return index + 1 >= total ? 'Save & Finish' : 'Save & Next';
}

export const SAVE_FAILED = 'Error saving transaction. Please try again.';
