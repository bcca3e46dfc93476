import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvStatement } from './csv-statement';
import { readCsv } from './csv-reader';
import { ImportError } from './import-error';
import { isNeedsConfirmation } from './import-question';
import { parseOfx } from './ofx';
import { normalizePayee, payeeKey } from './payee';
import { parseStatementFile } from './statement';

/** Runs a parser and fails the property for any error other than the parser's own. */
function onlyImportErrors(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    expect(error.line).toBeGreaterThanOrEqual(1);
  }
}

// Raw bytes as a Latin-1 string (what a mis-declared upload looks like), and any UTF-16 units.
const bytesAsText = fc.uint8Array({ maxLength: 400 }).map((bytes) => Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const binary = fc.string({ unit: 'binary', maxLength: 300 });
const csvish = fc.array(fc.constantFrom('"', ',', '\n', '\r', 'Date', 'Amount', 'Description', '1/2/26', '-5.00', '$', '(', ')', '<OFX>', '</STMTTRN>', '<STMTTRN>', 'x', ' '), { maxLength: 60 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ maxLength: 300 }), bytesAsText, binary, csvish);

describe('parsers never fail with anything but ImportError', () => {
  it('on random bytes and strings', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        onlyImportErrors(() => readCsv(text));
        onlyImportErrors(() => parseCsvStatement(text));
        onlyImportErrors(() => parseCsvStatement(text, { positiveIsExpense: true }));
        onlyImportErrors(() => parseOfx(text));
        onlyImportErrors(() => parseStatementFile(text));
        expect(normalizePayee(text).name).not.toBe('');
        expect(payeeKey(text)).toBe(payeeKey(text));
      }),
      { numRuns: 1500 },
    );
  });
});

const DATE_HEADERS = ['Date', 'Transaction Date', 'Posted Date', 'Posting Date', 'Trans. Date'];
const PAYEE_HEADERS = ['Description', 'Payee', 'Merchant', 'Name', 'Original Description'];
type DateStyle = 'MM/DD/YYYY' | 'M/D/YY' | 'YYYY-MM-DD';

const day = fc.record({ year: fc.integer({ min: 2000, max: 2069 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });
const payee = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,'#*&"\n-]{0,30}$/).filter((s) => !/^\s*(total|beginning|ending)\b/i.test(s));
const row = fc.record({ date: day, cents: fc.integer({ min: -99_999_999, max: 99_999_999 }).filter((c) => c !== 0), payee });

function dateCell(d: { year: number; month: number; day: number }, style: DateStyle): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  if (style === 'YYYY-MM-DD') return `${d.year}-${p2(d.month)}-${p2(d.day)}`;
  if (style === 'M/D/YY') return `${d.month}/${d.day}/${p2(d.year % 100)}`;
  return `${p2(d.month)}/${p2(d.day)}/${d.year}`;
}

function amountCell(cents: number, style: number): string {
  const abs = Math.abs(cents);
  const plain = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const grouped = `$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  if (cents > 0) return style === 0 ? plain : grouped;
  return style === 0 ? `-${plain}` : style === 1 ? `(${grouped})` : `-${grouped}`;
}

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

describe('valid-shaped CSVs round-trip their dates and amounts', () => {
  it('for any header names, column order, date style, amount style and line ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DATE_HEADERS),
        fc.constantFrom(...PAYEE_HEADERS),
        fc.constantFrom<DateStyle>('MM/DD/YYYY', 'M/D/YY', 'YYYY-MM-DD'),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(row, { minLength: 1, maxLength: 25 }),
        (dateHeader, payeeHeader, style, debitCredit, amountStyle, eol, rows) => {
          const header = debitCredit ? [dateHeader, payeeHeader, 'Debit', 'Credit'] : [payeeHeader, 'Amount', dateHeader];
          const lines = rows.map((r) => {
            const date = dateCell(r.date, style);
            const amount = amountCell(debitCredit ? Math.abs(r.cents) : r.cents, amountStyle);
            return debitCredit
              ? [date, quote(r.payee), r.cents < 0 ? quote(amount) : '', r.cents > 0 ? quote(amount) : ''].join(',')
              : [quote(r.payee), quote(amount), date].join(',');
          });
          const text = '\uFEFF' + [header.join(','), ...lines].join(eol) + eol;
          // Asked only when no date tells the order (every day 12 or less); month first is the answer.
          const readsTwoWays = style !== 'YYYY-MM-DD' && rows.every((r) => r.date.day <= 12) && rows.some((r) => r.date.day !== r.date.month);
          let parsed: ReturnType<typeof parseCsvStatement>;
          try {
            parsed = parseCsvStatement(text);
            expect(readsTwoWays).toBe(false);
          } catch (error) {
            expect(isNeedsConfirmation(error) && error.question.kind === 'date_order' && readsTwoWays).toBe(true);
            parsed = parseCsvStatement(text, { answers: { date_order: 'month-first' } });
          }
          expect(parsed.rows.map((r) => (r.type === 'expense' ? -r.amountCents : r.amountCents))).toEqual(rows.map((r) => r.cents));
          expect(parsed.rows.map((r) => r.date)).toEqual(rows.map((r) => dateCell(r.date, 'YYYY-MM-DD')));
          expect(parsed.rows.map((r) => r.payee)).toEqual(rows.map((r) => r.payee.trim()));
        },
      ),
      { numRuns: 300 },
    );
  });
});
