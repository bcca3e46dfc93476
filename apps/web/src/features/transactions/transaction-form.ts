/**
 * The New and Edit Transaction forms' values (spec §2.4, §4) and how they become the API body:
 * amounts are free text until saved, one sub-category takes the whole amount, split rows carry
 * their own amounts, and the feeling is a list of at most one.
 */
import type { Transaction, TransactionBody } from '@mindspend/api-contract';
import type { CurrencyCode, Feeling, PaymentMethod, Purpose, TransactionType } from '@mindspend/domain';
import { amountProblem, amountText, parseAmountText } from '../../lib/amount-text';
import { currencyOf, displayCurrency } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';

export interface SplitRow {
  /** Stable React key of the row. */
  key: number;
  subcategoryId: number | null;
  amount: string;
}

export interface TransactionFormValues {
  type: TransactionType | null;
  entityId: number | null;
  amount: string;
  date: string;
  categoryId: number | null;
  subcategoryId: number | null;
  split: boolean;
  splitRows: SplitRow[];
  paymentMethod: PaymentMethod | null;
  feeling: Feeling | null;
  purpose: Purpose | null;
  notes: string;
  description: string;
}

let nextRowKey = 1;

/** A blank split row. */
export function newSplitRow(subcategoryId: number | null = null, amount = ''): SplitRow {
  nextRowKey += 1;
  return { key: nextRowKey, subcategoryId, amount };
}

/** A new transaction: nothing chosen yet, dated today. */
export function emptyTransactionForm(today: string): TransactionFormValues {
  return {
    type: null,
    entityId: null,
    amount: '',
    date: today,
    categoryId: null,
    subcategoryId: null,
    split: false,
    splitRows: [],
    paymentMethod: null,
    feeling: null,
    purpose: null,
    notes: '',
    description: '',
  };
}

/** Spec §4: on edit, one sub-category fills the category pickers; several open split mode. */
export function formFromTransaction(transaction: Transaction): TransactionFormValues {
  // Its amounts are in its account's currency (DECISIONS.md #90): no decimals shown for yen.
  const currency = currencyOf(transaction.currency);
  const shown = (value: number) => amountText(value, numberLocale(), currency);
  const lines = transaction.subcategories;
  const single = lines.length === 1 ? lines[0] : undefined;
  return {
    type: transaction.type,
    entityId: transaction.entity_id,
    amount: shown(transaction.amount),
    date: transaction.date,
    categoryId: single?.transaction_category_id ?? null,
    subcategoryId: single?.id ?? null,
    split: lines.length > 1,
    splitRows: lines.length > 1 ? lines.map((line) => newSplitRow(line.id, shown(line.pivot.amount))) : [],
    paymentMethod: transaction.payment_method,
    feeling: transaction.emotion_names[0] ?? null,
    purpose: transaction.purpose,
    notes: transaction.notes ?? '',
    description: transaction.description ?? '',
  };
}

/** Switching to split mode starts from the chosen sub-category with the whole amount, plus an empty row. */
export function startSplit(values: TransactionFormValues): TransactionFormValues {
  const first = newSplitRow(values.subcategoryId, values.subcategoryId === null ? '' : values.amount);
  return { ...values, split: true, splitRows: [first, newSplitRow()] };
}

function splitLines(values: TransactionFormValues, currency: CurrencyCode): NonNullable<TransactionBody['subcategories']> {
  const lines: NonNullable<TransactionBody['subcategories']> = [];
  const seen = new Set<number>();
  for (const row of values.splitRows) {
    if (row.subcategoryId === null || seen.has(row.subcategoryId)) continue;
    seen.add(row.subcategoryId);
    const amount = parseAmountText(row.amount, numberLocale(), currency);
    lines.push(amount === null ? { id: row.subcategoryId } : { id: row.subcategoryId, amount });
  }
  return lines;
}

/**
 * The body of POST /accounts/{id}/transactions and PUT /transactions/{id}. Fields the server
 * checks (type, amount, date, splits adding up) are sent as typed so its messages are shown.
 * Amounts are read in the account's currency (DECISIONS.md #90), the book's unless told.
 */
export function transactionBodyFrom(values: TransactionFormValues, currency: CurrencyCode = displayCurrency.get()): TransactionBody {
  const amount = parseAmountText(values.amount, numberLocale(), currency);
  let subcategories: NonNullable<TransactionBody['subcategories']> = [];
  if (values.split) subcategories = splitLines(values, currency);
  else if (values.subcategoryId !== null) {
    subcategories = [amount === null ? { id: values.subcategoryId } : { id: values.subcategoryId, amount }];
  }
  const notes = values.notes.trim();
  return {
    ...(values.type === null ? {} : { type: values.type }),
    ...(amount === null ? {} : { amount }),
    ...(values.date === '' ? {} : { date: values.date }),
    entity_id: values.entityId,
    notes: notes === '' ? null : notes,
    payment_method: values.paymentMethod,
    purpose: values.purpose,
    emotion_names: values.feeling === null ? [] : [values.feeling],
    subcategories,
  };
}

/**
 * Amounts typed in a way the number format cannot read (DECISIONS.md #86), said before anything is
 * sent: left out of the body, they would come back only as "required".
 */
export function typedAmountProblems(values: TransactionFormValues, currency: CurrencyCode = displayCurrency.get()): string[] {
  const typed = values.split ? [values.amount, ...values.splitRows.map((row) => row.amount)] : [values.amount];
  return [...new Set(typed.map((text) => amountProblem(text, numberLocale(), currency)).filter((problem) => problem !== null))];
}
