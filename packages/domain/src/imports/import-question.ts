/**
 * The one question an import asks when a statement's own evidence disagrees (DECISIONS.md #95):
 * which way its amounts point, or which way its dates read. Money is never written on a guess:
 * the parser stops with NeedsConfirmationError, the person picks an option after seeing three
 * rows read each way, and the same upload with that answer goes on. Answers are remembered per
 * account, like a column mapping.
 */
import type { TransactionType } from '../ledger/transactions';
import { ImportError } from './import-error';

/** How a signed amount column reads: the bank convention, or the card convention. */
export const SIGN_ANSWERS = ['negative-is-expense', 'positive-is-expense'] as const;
export type SignAnswer = (typeof SIGN_ANSWERS)[number];

/** How a date like 06/12/2021 reads: 12 June (month first) or 6 December (day first). */
export const DATE_ORDER_ANSWERS = ['month-first', 'day-first'] as const;
export type DateOrderAnswer = (typeof DATE_ORDER_ANSWERS)[number];

/** Every answer an upload's `confirm` may carry; each names its question's kind. */
export const IMPORT_ANSWERS = [...SIGN_ANSWERS, ...DATE_ORDER_ANSWERS] as const;
export type ImportAnswer = (typeof IMPORT_ANSWERS)[number];

export type ImportQuestionKind = 'sign' | 'date_order';

/** The answers an import goes on with: from the upload's `confirm`, else remembered for the account. */
export interface ImportAnswers {
  sign?: SignAnswer | undefined;
  date_order?: DateOrderAnswer | undefined;
}

/** The question an answer settles. */
export function questionOfAnswer(answer: ImportAnswer): ImportQuestionKind {
  return (SIGN_ANSWERS as readonly string[]).includes(answer) ? 'sign' : 'date_order';
}

/** Several answers (an upload may settle two questions) as ImportAnswers; the last of a kind wins. */
export function toImportAnswers(answers: readonly ImportAnswer[]): ImportAnswers {
  const settled: ImportAnswers = {};
  for (const answer of answers) {
    if (questionOfAnswer(answer) === 'sign') settled.sign = answer as SignAnswer;
    else settled.date_order = answer as DateOrderAnswer;
  }
  return settled;
}

/** One row as an option would import it. */
export interface QuestionPreviewRow {
  line: number;
  date: string;
  payee: string;
  /** Always positive; `type` says the direction. */
  amountCents: number;
  type: TransactionType;
}

export interface QuestionOption {
  value: ImportAnswer;
  label: string;
  /** The first rows the question is about (at most three), read this way. */
  preview: QuestionPreviewRow[];
}

export interface ImportQuestion {
  kind: ImportQuestionKind;
  /** The question in plain words, with what made it a question. */
  text: string;
  options: QuestionOption[];
  /** The option Mindspend would pick (the account's type, the bank convention); the person decides. */
  suggested: ImportAnswer;
}

/** How many rows each option shows. */
export const QUESTION_PREVIEW_ROWS = 3;

export const SIGN_OPTION_LABELS: Record<SignAnswer, string> = {
  'negative-is-expense': 'Negative amounts are money out (expenses)',
  'positive-is-expense': 'Positive amounts are money out (purchases, as on a card statement)',
};

export const DATE_ORDER_OPTION_LABELS: Record<DateOrderAnswer, string> = {
  'month-first': 'Month first (MM/DD/YYYY: 06/12 is June 12)',
  'day-first': 'Day first (DD/MM/YYYY: 06/12 is 6 December)',
};

/** The file cannot be imported without the person's answer to `question`; nothing was written. */
export class NeedsConfirmationError extends ImportError {
  readonly question: ImportQuestion;

  constructor(question: ImportQuestion) {
    super(1, question.text, { wholeFile: true });
    this.name = 'NeedsConfirmationError';
    this.question = question;
  }
}

export function isNeedsConfirmation(error: unknown): error is NeedsConfirmationError {
  return error instanceof NeedsConfirmationError;
}
