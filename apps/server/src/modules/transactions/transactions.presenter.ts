/** Transactions as the API shows them (spec §3 Transaction). */
import type { Transaction } from '@mindspend/api-contract';
import { dayOfWeek, formatShortDate, fromCents, parseIsoDate } from '@mindspend/domain';
import type { SplitWithSubcategory, TransactionWithEntity } from './transactions.repo';

type Feeling = Transaction['emotion_names'][number];
type PaymentMethod = NonNullable<Transaction['payment_method']>;
type Purpose = NonNullable<Transaction['purpose']>;

export function presentTransaction(row: TransactionWithEntity, splits: SplitWithSubcategory[]): Transaction {
  const amount = fromCents(Number(row.amount_cents));
  const date = parseIsoDate(row.date) ?? { year: 1970, month: 1, day: 1 };
  const feelings = row.emotion ? [row.emotion as Feeling] : [];
  return {
    id: row.id,
    account_id: row.account_id,
    amount,
    type: row.type,
    entity:
      row.entity_id !== null && row.entity_name !== null
        ? { id: row.entity_id, name: row.entity_name, name_short: row.entity_name_short ?? row.entity_name }
        : null,
    entity_id: row.entity_id,
    payee: row.entity_name,
    description: row.description,
    notes: row.notes,
    payment_method: row.payment_method as PaymentMethod | null,
    purpose: row.purpose as Purpose | null,
    emotions: feelings,
    emotion_names: feelings,
    second_feeling: row.second_feeling as Feeling | null,
    date: row.date,
    date_short: formatShortDate(date),
    date_js: `${row.date}T12:00:00`,
    day_of_week: dayOfWeek(date),
    date_month: date.month,
    date_day: date.day,
    credit_amount: row.type === 'expense' ? amount : null,
    debit_amount: row.type === 'income' ? amount : null,
    absolute_value_amount: Math.abs(amount),
    pending: row.pending ? 1 : 0,
    transaction_category_id: splits[0]?.category_id ?? null,
    subcategories: splits.map((split) => {
      const share = fromCents(Number(split.amount_cents));
      return {
        id: split.subcategory_id,
        name: split.name,
        emoji: split.emoji,
        transaction_category_id: split.category_id,
        type: split.type,
        amount: share,
        pivot: { amount: share },
      };
    }),
    transfer_id: row.transfer_id,
    transfer_account:
      row.transfer_account_id !== null && row.transfer_account_name !== null
        ? { id: row.transfer_account_id, name: row.transfer_account_name }
        : null,
  };
}

/** Presents rows with their split lines, grouping the lines by transaction in one pass. */
export function presentTransactions(rows: TransactionWithEntity[], splits: SplitWithSubcategory[]): Transaction[] {
  const byTransaction = new Map<number, SplitWithSubcategory[]>();
  for (const split of splits) {
    const list = byTransaction.get(split.transaction_id);
    if (list) list.push(split);
    else byTransaction.set(split.transaction_id, [split]);
  }
  return rows.map((row) => presentTransaction(row, byTransaction.get(row.id) ?? []));
}
