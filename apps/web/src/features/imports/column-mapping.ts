/**
 * The mapping step's rules (issue 17, DECISIONS.md #43), as pure functions: first guesses from the
 * header cells and the file, and the preview of the first rows the mapping reads.
 */
import { type CsvDelimiter, type CsvMapping, type MappingDateFormat, detectDelimiter, formatStoredAmount, parseStatementFile } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { numberLocale } from '../../lib/number-format';

export type AmountMode = 'amount' | 'debit-credit';

/** The form's values: '' for a column not chosen yet. */
export interface MappingDraft {
  date: string;
  date_format: MappingDateFormat;
  amountMode: AmountMode;
  amount: string;
  debit: string;
  credit: string;
  payee: string;
  notes: string;
  /** Each row's currency code (DECISIONS.md #91): the server refuses rows not in the account's. */
  currency: string;
  decimal: '.' | ',';
  delimiter: CsvDelimiter;
  /** False when the file's first line is a transaction: the columns are positions '1', '2', … */
  has_header: boolean;
}

const firstMatching = (columns: readonly string[], pattern: RegExp) => columns.find((column) => pattern.test(column)) ?? '';

const DATE_VALUE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b/;
const AMOUNT_VALUE = /^[-+]?\s*[$\u20ac\u00a3]?\s*[-+]?[\d.,' ]*\d[.,]\d{2}\s*[-+]?$/;

/**
 * For a file without a header row, guesses from one value of each column: the first date, the
 * first amount, and the longest text as the payee.
 */
function guessByValues(positions: readonly string[], samples: readonly string[]): Pick<MappingDraft, 'date' | 'amount' | 'payee'> {
  const at = (test: (value: string) => boolean) => {
    const index = samples.findIndex(test);
    return index === -1 ? '' : (positions[index] ?? '');
  };
  const date = at((value) => DATE_VALUE.test(value));
  const amount = at((value) => AMOUNT_VALUE.test(value) && !DATE_VALUE.test(value));
  let payee = '';
  let longest = 0;
  samples.forEach((value, index) => {
    const letters = value.replace(/[^\p{L}]/gu, '').length;
    if (letters > longest && positions[index] !== date && positions[index] !== amount) [payee, longest] = [positions[index] ?? '', letters];
  });
  return { date, amount, payee };
}

/** '1', '2', … for a file read without a header row. */
export const columnPositions = (count: number): string[] => Array.from({ length: count }, (_, index) => String(index + 1));

/**
 * A first guess the person corrects: column names in several languages, the file's own marks; for
 * a file without a header row (`hasHeader` false, columns by position), the first row's values.
 */
export function guessMapping(columns: readonly string[], text: string, firstRow: { hasHeader: boolean; samples: readonly string[] } = { hasHeader: true, samples: [] }): MappingDraft {
  if (!firstRow.hasHeader) {
    // The file's own marks (delimiter, decimal, date format) are guessed as for a file with a header.
    return { ...guessByNames([], text), ...guessByValues(columns, firstRow.samples), amountMode: 'amount', debit: '', credit: '', currency: '', has_header: false };
  }
  return guessByNames(columns, text);
}

function guessByNames(columns: readonly string[], text: string): MappingDraft {
  const delimiter = detectDelimiter(text);
  const sample = text.split(/\r\n|\n|\r/, 60).join('\n');
  const dateFormat: MappingDateFormat = /\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/.test(sample)
    ? 'DD.MM.YYYY'
    : /\b\d{4}-\d{2}-\d{2}\b/.test(sample)
      ? 'YYYY-MM-DD'
      : 'MM/DD/YYYY';
  const debit = firstMatching(columns, /soll|debit|belastung|withdraw|out/i);
  const credit = firstMatching(columns, /haben|credit|gutschrift|deposit|\bin\b/i);
  const amount = firstMatching(columns, /betrag|amount|gross|net|montant|importe|összeg|bedrag|summe|value/i);
  return {
    date: firstMatching(columns, /buchung|datum|date|created|tag|fecha|dátum/i),
    date_format: dateFormat,
    amountMode: amount === '' && debit !== '' && credit !== '' ? 'debit-credit' : 'amount',
    amount,
    debit,
    credit,
    payee: firstMatching(columns, /verwendungszweck|empf|payee|name|description|beschreibung|text|merchant|libell|concepto|közlemény/i),
    notes: '',
    // Not 'Valuta': in German that is the value date.
    currency: firstMatching(columns, /^(?:currency|currency code|ccy|währung|waehrung|devise|moneda|divisa|valuta iso)$/i),
    has_header: true,
    decimal: delimiter === ';' || /\d,\d{2}(?:\D|$)/.test(sample.replace(/\d{1,3}(?:,\d{3})+\.\d{2}/g, '')) ? ',' : '.',
    delimiter,
  };
}

/** The mapping a draft makes, or a sentence saying what is still to choose. */
export function toMapping(draft: MappingDraft): { mapping: CsvMapping } | { problem: string } {
  if (draft.date === '') return { problem: 'Choose the date column.' };
  if (draft.payee === '') return { problem: 'Choose the payee column.' };
  if (draft.amountMode === 'amount' && draft.amount === '') return { problem: 'Choose the amount column.' };
  if (draft.amountMode === 'debit-credit' && (draft.debit === '' || draft.credit === '')) {
    return { problem: 'Choose both the debit and the credit column.' };
  }
  const money = draft.amountMode === 'amount' ? { amount: draft.amount } : { debit: draft.debit, credit: draft.credit };
  return {
    mapping: {
      date: draft.date,
      date_format: draft.date_format,
      ...money,
      payee: draft.payee,
      ...(draft.notes !== '' && { notes: draft.notes }),
      ...(draft.currency !== '' && { currency: draft.currency }),
      decimal: draft.decimal,
      delimiter: draft.delimiter,
      ...(!draft.has_header && { has_header: false }),
    },
  };
}

export interface PreviewRow {
  line: number;
  date: string;
  payee: string;
  /** '-$1,234.56' for money out, '$2,500.00' for money in; in the row's own currency when the file states one. */
  amount: string;
}

/** The first rows as the mapping reads them, or the first problem it meets (naming the line). */
export function previewMapping(text: string, draft: MappingDraft, count = 5): { rows: PreviewRow[] } | { problem: string } {
  const made = toMapping(draft);
  if ('problem' in made) return made;
  try {
    const { rows } = parseStatementFile(text, { mapping: made.mapping });
    return {
      rows: rows.slice(0, count).map((row) => ({
        line: row.line,
        date: row.date,
        payee: row.payee,
        // A row in a stated currency is shown in it, so a file in euros does not preview as dollars.
        amount: `${row.type === 'expense' ? '-' : ''}${row.currency ? formatStoredAmount(row.amountCents, row.currency, numberLocale()) : formatAmount(row.amountCents)}`,
      })),
    };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
