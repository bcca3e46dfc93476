/**
 * Which way a CSV row's money moved (its sign convention):
 *
 * 1. `positiveIsExpense` (the caller knows) always wins.
 * 2. Debit and Credit (or Withdrawal and Deposit) columns: debit is an expense, credit income,
 *    whatever signs the bank wrote.
 * 3. A trailing CR / DR on an amount says it outright for that row.
 * 4. Amounts that are all positive: a Type column (Sale, Purchase, Debit, Return, Credit…) gives
 *    each row's direction when every row has a telling word; in a credit card account without
 *    such words the person is asked (purchases are often written positive there).
 * 5. Signed amounts (some negative) are never turned around by type words alone: when the words
 *    say the opposite of the signs (a PayPal "Charge From Debit Card" of +20.00), or most amounts
 *    of a credit card account are positive with no words to tell, the person is asked
 *    (import-question.ts, DECISIONS.md #95). In a credit card account whose words all say
 *    "positive is a purchase", words and account agree and the file is read so.
 * 6. Otherwise the bank convention: negative is an expense.
 *
 * The person's answer settles the question where one is asked, and only there: an answer
 * remembered for the account never turns around a later file whose evidence agrees.
 */
import type { CurrencyCode } from '../currency/currency-code';
import type { TransactionType } from '../ledger/transactions';
import type { ParsedAmount } from './csv-values';
import type { ImportAnswers, SignAnswer } from './import-question';

export type SignSource = 'option' | 'debit-credit-columns' | 'type-column' | 'default';

/** What the caller knows besides the file: the person's say, and the account it goes to. */
export interface SignOptions {
  /** True for card exports where a purchase is a positive amount; omit to detect. */
  positiveIsExpense?: boolean;
  /** The person's answers to this file's questions, or those remembered for the account. */
  answers?: ImportAnswers | undefined;
  /** True when the rows go to a credit card account, where purchases may be positive amounts. */
  cardAccount?: boolean | undefined;
}

const EXPENSE_WORDS = new Set(['sale', 'purchase', 'debit', 'dr', 'withdrawal', 'fee', 'charge', 'atm', 'pos']);
const INCOME_WORDS = new Set(['credit', 'cr', 'deposit', 'return', 'refund', 'interest', 'dividend']);

/** A data row of a CSV, read but not yet given a direction. */
export interface Candidate {
  line: number;
  dateCell: string;
  amount: ParsedAmount;
  /** Debit/credit column direction when the file has those columns. */
  columnType: TransactionType | null;
  typeWord: TransactionType | null;
  payee: string;
  /** The text of the column rows are keyed by, when it is not the payee's (CsvColumns.keyPayee). */
  keyPayee: string | null;
  description: string;
  memo: string;
  /** The row's currency when the file has a currency column and the cell is filled. */
  currency: CurrencyCode | null;
}

/** What a Type cell says about direction, when its words say it unambiguously. */
export function typeDirection(value: string): TransactionType | null {
  const words = value.toLowerCase().split(/[^a-z]+/);
  const expense = words.some((w) => EXPENSE_WORDS.has(w));
  const income = words.some((w) => INCOME_WORDS.has(w));
  if (expense === income) return null;
  return expense ? 'expense' : 'income';
}

export interface SignConvention {
  positiveIsExpense: boolean;
  source: SignSource;
  perRowType: boolean;
  /** The evidence disagrees: the person must say (the convention above is the suggestion). */
  ask?: { suggested: SignAnswer; reason: string; rows: readonly Candidate[] };
}

/** Where the evidence disagrees: the person's answer, or the question to ask them. */
function askAbout(reason: string, rows: readonly Candidate[], suggested: SignAnswer, answer: SignAnswer | undefined): SignConvention {
  if (answer) return { positiveIsExpense: answer === 'positive-is-expense', source: 'option', perRowType: false };
  return { positiveIsExpense: suggested === 'positive-is-expense', source: 'default', perRowType: false, ask: { suggested, reason, rows } };
}

const shownAmount = (c: Candidate) => `${c.amount.cents > 0 ? '+' : '-'}${formatCents(Math.abs(c.amount.cents))}`;
const formatCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Learns the file's sign convention, or what to ask; see the rule at the top of this file. */
export function signConvention(candidates: readonly Candidate[], options: SignOptions, typeCells: ReadonlyMap<Candidate, string>): SignConvention {
  if (options.positiveIsExpense !== undefined) return { positiveIsExpense: options.positiveIsExpense, source: 'option', perRowType: false };
  const answer = options.answers?.sign;
  const signed = candidates.filter((c) => c.columnType === null && c.amount.indicator === null);
  if (signed.length === 0) {
    const fromColumns = candidates.some((c) => c.columnType !== null);
    return { positiveIsExpense: false, source: fromColumns ? 'debit-credit-columns' : 'default', perRowType: false };
  }
  const card = options.cardAccount === true;
  const typed = signed.filter((c) => c.typeWord !== null);
  const sayPositive = typed.filter((c) => (c.typeWord === 'expense') === c.amount.cents > 0);
  const sayNegative = typed.length - sayPositive.length;
  const positives = signed.filter((c) => c.amount.cents > 0);
  if (positives.length === signed.length) {
    // Unsigned amounts: words are the only evidence of direction.
    if (typed.length === signed.length) return { positiveIsExpense: false, source: 'type-column', perRowType: true };
    if (card && (sayNegative > 0 || sayPositive.length === 0)) {
      return askAbout('Every amount in this file is positive, and the account is a credit card, where purchases are often written as positive amounts.', signed, 'positive-is-expense', answer);
    }
    if (sayPositive.length > 0 && sayNegative === 0) return { positiveIsExpense: true, source: 'type-column', perRowType: false };
    return { positiveIsExpense: false, source: 'default', perRowType: false };
  }
  // Signed amounts: words that all say "positive is a purchase" agree with a card account.
  if (sayPositive.length > 0 && sayNegative === 0 && card) return { positiveIsExpense: true, source: 'type-column', perRowType: false };
  const [first] = sayPositive;
  if (first) {
    const word = (typeCells.get(first) ?? '').slice(0, 40);
    const reason =
      `The amounts carry signs, but on ${sayPositive.length} ${sayPositive.length === 1 ? 'row' : 'rows'} the type says the opposite ` +
      `(line ${first.line}: "${word}" with ${shownAmount(first)}).`;
    return askAbout(reason, [...sayPositive, ...signed], 'negative-is-expense', answer);
  }
  if (card && typed.length === 0 && positives.length * 2 > signed.length) {
    const reason = `Most amounts in this file are positive (${positives.length} of ${signed.length}), and the account is a credit card, where purchases are often written as positive amounts.`;
    return askAbout(reason, signed, 'positive-is-expense', answer);
  }
  return { positiveIsExpense: false, source: typed.length > 0 ? 'type-column' : 'default', perRowType: false };
}

export function rowType(c: Candidate, sign: Pick<SignConvention, 'positiveIsExpense' | 'perRowType'>): TransactionType {
  if (c.columnType) return c.columnType;
  if (c.amount.indicator) return c.amount.indicator === 'dr' ? 'expense' : 'income';
  if (sign.perRowType && c.typeWord) return c.typeWord;
  const positive = c.amount.cents > 0;
  return positive === sign.positiveIsExpense ? 'expense' : 'income';
}
