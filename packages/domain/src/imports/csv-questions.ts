/** The questions a CSV asks when its evidence disagrees (import-question.ts), with rows read each way. */
import { type DateColumn, parseDateColumn, readDateColumn } from './csv-values';
import { type Candidate, type SignConvention, rowType } from './csv-sign';
import {
  DATE_ORDER_ANSWERS,
  DATE_ORDER_OPTION_LABELS,
  NeedsConfirmationError,
  QUESTION_PREVIEW_ROWS,
  SIGN_ANSWERS,
  SIGN_OPTION_LABELS,
} from './import-question';

/** The rows a question shows: the first that raised it, then one of each sign, in file order. */
function previewRows(raised: readonly Candidate[], all: readonly Candidate[]): Candidate[] {
  const picked = new Set<Candidate>();
  const add = (c: Candidate | undefined) => c && picked.size < QUESTION_PREVIEW_ROWS && picked.add(c);
  add(raised[0]);
  add(all.find((c) => c.amount.cents < 0 && !picked.has(c)));
  add(all.find((c) => c.amount.cents > 0 && !picked.has(c)));
  for (const c of raised) add(c);
  return [...picked].sort((a, b) => a.line - b.line);
}

const previewPayee = (c: Candidate) => c.payee || c.description || c.memo;

export function signQuestion(ask: NonNullable<SignConvention['ask']>, candidates: readonly Candidate[], dates: ReadonlyMap<Candidate, string>): NeedsConfirmationError {
  const rows = previewRows(ask.rows, candidates);
  return new NeedsConfirmationError({
    kind: 'sign',
    text: `${ask.reason} Which way do this file's amounts go?`,
    suggested: ask.suggested,
    options: SIGN_ANSWERS.map((value) => {
      const sign = { positiveIsExpense: value === 'positive-is-expense', perRowType: false };
      return {
        value,
        label: SIGN_OPTION_LABELS[value],
        preview: rows.map((c) => ({ line: c.line, date: dates.get(c) ?? c.dateCell, payee: previewPayee(c), amountCents: Math.abs(c.amount.cents), type: rowType(c, sign) })),
      };
    }),
  });
}

export function dateQuestion(column: DateColumn, candidates: readonly Candidate[], sign: SignConvention): NeedsConfirmationError {
  // The rows whose dates read two ways, each read both ways.
  const twoWays = candidates.filter((_, at) => {
    const parts = column.parts[at];
    return parts?.shape === 'year-last' && parts.first !== parts.second;
  });
  const rows = twoWays.slice(0, QUESTION_PREVIEW_ROWS);
  const shown = readDateColumn(rows.map((c) => ({ cell: c.dateCell, line: c.line })));
  const example = rows[0]?.dateCell.trim() ?? '';
  return new NeedsConfirmationError({
    kind: 'date_order',
    text: `Every date in this file reads two ways (line ${rows[0]?.line ?? 1}: "${example}"). Which comes first in its dates, the month or the day?`,
    suggested: 'month-first',
    options: DATE_ORDER_ANSWERS.map((value) => {
      const read = parseDateColumn(shown, value);
      return {
        value,
        label: DATE_ORDER_OPTION_LABELS[value],
        preview: rows.map((c, at) => ({ line: c.line, date: read[at] as string, payee: previewPayee(c), amountCents: Math.abs(c.amount.cents), type: rowType(c, sign) })),
      };
    }),
  });
}

