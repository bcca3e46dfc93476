import { describe, expect, it } from 'vitest';
import { fixtureBytes } from './fixtures/read-fixture';
import { ImportError } from './import-error';
import { decodeEntities, ofxToXml } from './ofx-document';
import { readOfxStatement } from './ofx';
import { detectStatementFormat, investmentNotice, parseStatementFile } from './statement';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;

describe('OFX files as real banks write them', () => {
  it('reads CDATA values as the payee and memo', () => {
    const { rows } = readOfxStatement(fixtureText('ofx-cdata-names.ofx'));
    expect(rows).toEqual([
      expect.objectContaining({ payee: 'EFTPOS WDL HANDYWAY ALDI STORE', memo: 'Groceries & more <weekly>', amountCents: 2340, line: 6 }),
    ]);
  });

  it('reads a file whose OFX header sits in a comment (ofxstatement) as OFX, not CSV', () => {
    const text = fixtureText('ofx-header-in-comment-ofxstatement.ofx');
    expect(detectStatementFormat(text)).toBe('ofx');
    const { rows } = parseStatementFile(text);
    expect(rows.map((row) => [row.payee, row.amountCents, row.date])).toEqual([
      ['Bäckerei Müller', 890, '2026-10-09'],
      ['CHECK 2002', 15000, '2026-10-11'],
    ]);
  });

  it('reads values on the line after their tag, decodes entities once and fully, and reports a zero amount', () => {
    const statement = parseStatementFile(fixtureText('ofx-values-on-next-line-and-entities.ofx'));
    expect(statement.rows).toEqual([
      expect.objectContaining({ payee: 'TPAY <DEFTPYMT>', memo: 'AT&T été &lt;kept&gt;', amountCents: 6100, date: '2026-10-12', fitId: 'NL-1' }),
    ]);
    expect(statement.skipped).toEqual([{ line: 28, reason: 'Zero amount: no money moved.' }]);
  });

  it('imports the cash transactions of an investment statement and counts what it does not track', () => {
    const statement = parseStatementFile(fixtureText('ofx-investment-statement.qfx'));
    expect(statement.rows.map((row) => [row.payee, row.type, row.amountCents])).toEqual([
      ['ACH DEPOSIT FROM CHECKING', 'income', 50000],
      ['ADVISORY FEE', 'expense', 2500],
    ]);
    expect(statement.investment).toEqual({ untracked: 4 });
    expect(investmentNotice(2, 4)).toBe('This is an investment statement: 2 cash transactions imported; 4 trades and dividends are not tracked by Mindspend.');
    expect(investmentNotice(1, 1)).toBe('This is an investment statement: 1 cash transaction imported; 1 trade or dividend is not tracked by Mindspend.');
  });

  it('fails an investment statement with nothing Mindspend reads, saying so without a line number', () => {
    const text = fixtureText('ofx-investment-trades-only.qfx');
    expect(() => parseStatementFile(text)).toThrow(ImportError);
    expect(() => parseStatementFile(text)).toThrow(
      /^This is an investment statement with no cash transactions to import; 4 trades and dividends are not tracked by Mindspend\.$/,
    );
  });

  it('writes SGML leaves closed, with the line of every element', () => {
    expect(ofxToXml('<OFX>\n<A><B>1\n<C>x &amp; y</A>\n</OFX>')).toBe('<OFX l="1"><A l="2"><B l="2">1</B><C l="3">x &amp; y</C></A></OFX>');
  });

  it.each([
    ['&amp;lt;', '&lt;'],
    ['&lt;DEFTPYMT&gt;', '<DEFTPYMT>'],
    ['&lt;DEFTPYMT&gt', '<DEFTPYMT&gt'],
    ['caf&#233; &#xE9;t&eacute;', 'café été'],
    ['AT&T', 'AT&T'],
    ['&bogus; &#0;', '&bogus; &#0;'],
    ['&#1; &#x7f;', '&#1; &#x7f;'],
  ])('decodes %s once as %s', (raw, decoded) => {
    expect(decodeEntities(raw)).toBe(decoded);
  });

  it("reads an XML name without its ';' only where an OFX value ends", () => {
    expect(decodeEntities('TPAY &lt;DEFTPYMT&gt', { bareAtEnd: true })).toBe('TPAY <DEFTPYMT>');
    expect(decodeEntities('&lt now', { bareAtEnd: true })).toBe('&lt now');
  });
});
