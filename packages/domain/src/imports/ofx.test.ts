import { describe, expect, it } from 'vitest';
import { ImportError } from './import-error';
import { fixtureBytes } from './fixtures/read-fixture';
import { isReferenceStub, parseOfx, parseOfxDate, readOfxAmount, readOfxStatement } from './ofx';
import { normalizePayee } from './payee';
import { detectStatementFormat, parseStatementFile } from './statement';
import { decodeStatementBytes } from './statement-encoding';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260131120000[-8:PST]<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>123456789<ACCTID>0001234<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20260131
<STMTTRN>
<TRNTYPE>POS
<DTPOSTED>20260102120000.000[-8:PST]
<TRNAMT>-45.67
<FITID>2026010201
<NAME>FRED MEYER #0123 PORTLAND
<MEMO>POS PURCHASE
</STMTTRN>
<STMTTRN>
<TRNTYPE>DIRECTDEP
<DTPOSTED>20260115
<TRNAMT>2500.00
<FITID>2026011501
<NAME>ACME CORP PAYROLL
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20260120
<TRNAMT>-12,50
<FITID>2026012001
<MEMO>AT&amp;T MOBILITY
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1000.00<DTASOF>20260131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <CREDITCARDMSGSRSV1>
    <CCSTMTTRNRS>
      <CCSTMTRS>
        <BANKTRANLIST>
          <STMTTRN>
            <TRNTYPE>DEBIT</TRNTYPE>
            <DTPOSTED>20260203000000[0:GMT]</DTPOSTED>
            <TRNAMT>-5.75</TRNAMT>
            <FITID>320260203</FITID>
            <NAME>STARBUCKS STORE 05123</NAME>
            <MEMO>SEATTLE WA</MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>CREDIT</TRNTYPE>
            <DTPOSTED>20260205</DTPOSTED>
            <TRNAMT>300.00</TRNAMT>
            <FITID>320260205</FITID>
            <NAME>PAYMENT - THANK YOU</NAME>
          </STMTTRN>
        </BANKTRANLIST>
      </CCSTMTRS>
    </CCSTMTTRNRS>
  </CREDITCARDMSGSRSV1>
</OFX>
`;

function errorOf(text: string): ImportError {
  try {
    parseOfx(text);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError');
}

describe('OFX statements', () => {
  it('reads OFX 1.x SGML, where leaf tags are never closed', () => {
    expect(parseOfx(SGML)).toEqual([
      { fitId: '2026010201', date: '2026-01-02', amountCents: 4567, type: 'expense', payee: 'FRED MEYER #0123 PORTLAND', memo: 'POS PURCHASE', trnType: 'POS', line: 16, currency: 'USD' },
      { fitId: '2026011501', date: '2026-01-15', amountCents: 250000, type: 'income', payee: 'ACME CORP PAYROLL', trnType: 'DIRECTDEP', line: 24, currency: 'USD' },
      { fitId: '2026012001', date: '2026-01-20', amountCents: 1250, type: 'expense', payee: 'AT&T MOBILITY', trnType: 'DEBIT', line: 31, currency: 'USD' },
    ]);
  });

  it('reads OFX 2.x XML (and QFX, which is the same)', () => {
    expect(parseOfx(XML)).toEqual([
      { fitId: '320260203', date: '2026-02-03', amountCents: 575, type: 'expense', payee: 'STARBUCKS STORE 05123', memo: 'SEATTLE WA', trnType: 'DEBIT', line: 8 },
      { fitId: '320260205', date: '2026-02-05', amountCents: 30000, type: 'income', payee: 'PAYMENT - THANK YOU', trnType: 'CREDIT', line: 16 },
    ]);
  });

  it('reads CRLF files and counts their lines the same way', () => {
    expect(parseOfx(SGML.replace(/\n/g, '\r\n')).map((r) => r.line)).toEqual([16, 24, 31]);
  });

  it('reads every DTPOSTED precision as the date the bank wrote', () => {
    expect(parseOfxDate('20260102', 1)).toBe('2026-01-02');
    expect(parseOfxDate('202601021530', 1)).toBe('2026-01-02');
    expect(parseOfxDate('20260102153000.123[-5:EST]', 1)).toBe('2026-01-02');
    expect(parseOfxDate('20261231235959[+5.30:IST]', 1)).toBe('2026-12-31');
    expect(() => parseOfxDate('20260230', 9)).toThrow('Line 9: "20260230" is not an OFX date');
  });

  it.each([
    ['a file cut mid-transaction', SGML.slice(0, SGML.indexOf('<TRNAMT>2500')), 24, 'never closed'],
    ['a file cut mid-tag', XML.slice(0, XML.indexOf('<NAME>PAYMENT') + 3), 16, 'never closed'],
    ['a file cut between transactions', SGML.slice(0, SGML.indexOf('<STMTTRN>\n<TRNTYPE>DEBIT')), 30, 'no closing </OFX>'],
    ['a bad amount', SGML.replace('-45.67', '-45.6.7'), 19, '"-45.6.7" is not an amount.'],
    ['a bad date', SGML.replace('<DTPOSTED>20260115', '<DTPOSTED>2026011'), 26, '"2026011" is not an OFX date'],
    ['a transaction without an amount', SGML.replace('<TRNAMT>2500.00\n', ''), 24, 'no TRNAMT'],
    ['a transaction closed twice', SGML.replace('</BANKTRANLIST>', '</STMTTRN></BANKTRANLIST>'), 38, 'never opened'],
    ['text that is not OFX', 'Date,Amount\n', 1, 'not an OFX file'],
  ])('refuses %s, naming the line', (_name, text, line, message) => {
    const error = errorOf(text);
    expect(error.message).toContain(`Line ${line}: `);
    expect(error.message).toContain(message);
  });

  it('skips zero-amount transactions and keeps a missing FITID as null', () => {
    const text = XML.replace('<TRNAMT>-5.75', '<TRNAMT>0.00').replace('<FITID>320260205</FITID>', '');
    expect(parseOfx(text)).toEqual([expect.objectContaining({ fitId: null, amountCents: 30000 })]);
  });
});

describe('statement format detection', () => {
  it('tells OFX, QFX and CSV apart from the content', () => {
    expect(detectStatementFormat(SGML)).toBe('ofx');
    expect(detectStatementFormat(XML)).toBe('ofx');
    expect(detectStatementFormat('\uFEFF<OFX><BANKMSGSRSV1>')).toBe('ofx');
    expect(detectStatementFormat('Date,Description,Amount\n01/02/2026,<OFX>,1')).toBe('csv');
    expect(detectStatementFormat('')).toBe('csv');
  });

  it('parses whichever format it detects', () => {
    expect(parseStatementFile(XML).format).toBe('ofx');
    expect(parseStatementFile('Date,Description,Amount\n01/15/2026,X,-1').rows).toHaveLength(1);
  });
});

describe('OFX card payments whose NAME is a reference stub (issue 34)', () => {
  it('takes the merchant from MEMO when NAME is a card scheme, a masked card number or a date, and keeps NAME as the memo', () => {
    const { rows } = readOfxStatement(fixtureText('ofx-banque-populaire-card-stub-names.ofx'));
    expect(rows.map((row) => [row.payee, row.memo, normalizePayee(row.payee).name])).toEqual([
      ['AUCHAN SUPER MA30BORDEAUX', '130722 CB****6516', 'Auchan Super'],
      ['BOULANGERIE LE FOURNIL 33PESSAC', 'CB', 'Boulangerie Le Fournil'],
      ['VIR SEPA ACME SARL', 'SALAIRE OCTOBRE', 'Vir Sepa Acme Sarl'],
    ]);
  });

  it.each([
    ['CB', true],
    ['130722 CB****6516', true],
    ['CARTE X1234', true],
    ['POS 12/10', true],
    ['XXXX1234', true],
    ['20261014-0001', true],
    ['CB AUCHAN', false],
    ['VIR SEPA ACME SARL', false],
    ['7-ELEVEN', false],
  ])('%s is a stub: %s', (name, stub) => {
    expect(isReferenceStub(name)).toBe(stub);
  });

  it('keeps NAME when MEMO is no better', () => {
    const text = SGML.replace('<NAME>FRED MEYER #0123 PORTLAND', '<NAME>CB****6516').replace('<MEMO>POS PURCHASE', '<MEMO>130722');
    expect(parseOfx(text)[0]).toMatchObject({ payee: 'CB****6516', memo: '130722' });
  });
});

describe('OFX amounts with more than two decimals (issue 34)', () => {
  it.each([
    ['+00000000000115.8331', 11583],
    ['0.125', 12],
    ['0.135', 14],
    ['-0.125', -12],
    ['-0.135', -14],
    ['2.675', 268],
    ['2.665', 266],
    ['2.6650001', 267],
    ['10.999', 1100],
    ['42.5000', 4250],
    ['-12,345', -1234],
  ])('reads %s as %i cents, rounded half-even', (value, cents) => {
    expect(readOfxAmount(value, 1).cents).toBe(cents);
  });

  it('says whether digits beyond the cent were rounded away (trailing zeros are not)', () => {
    expect(readOfxAmount('115.8331', 1).rounded).toBe(true);
    expect(readOfxAmount('42.5000', 1).rounded).toBe(false);
    expect(readOfxAmount('-45.67', 1).rounded).toBe(false);
  });

  it('imports the file and says once, naming the first line, how many amounts were rounded', () => {
    const statement = parseStatementFile(fixtureText('ofx-sub-cent-amounts.ofx'));
    expect(statement.rows.map((row) => [row.date, row.type, row.amountCents])).toEqual([
      ['2026-10-03', 'income', 11583],
      ['2026-10-04', 'expense', 12],
      ['2026-10-05', 'expense', 14],
      ['2026-10-06', 'expense', 4250],
    ]);
    expect(statement.notes).toEqual(['3 amounts had more than two decimal places and were rounded to the cent (line 18: 115.8331 → 115.83).']);
  });

  it('says it in the singular for one amount, and skips an amount that rounds to zero', () => {
    const one = readOfxStatement(SGML.replace('<TRNAMT>-45.67', '<TRNAMT>-45.6749'));
    expect(one.notes).toEqual(['1 amount had more than two decimal places and was rounded to the cent (line 19: -45.6749 → -45.67).']);
    const zero = readOfxStatement(SGML.replace('<TRNAMT>-45.67', '<TRNAMT>-0.004'));
    expect(zero.rows).toHaveLength(2);
    expect(zero.skipped).toEqual([{ line: 16, reason: 'Zero amount: no money moved.' }]);
  });

  it('has no notes for an ordinary file', () => {
    expect(readOfxStatement(SGML).notes).toEqual([]);
    expect(parseStatementFile(XML).notes).toEqual([]);
  });
});

describe('OFX files without transactions (issue 34)', () => {
  it('says the file holds none, naming the account by its last digits', () => {
    const statement = parseStatementFile(fixtureText('ofx-no-transactions.ofx'));
    expect(statement.rows).toEqual([]);
    expect(statement.notes).toEqual(['The file holds no transactions for account …1234.']);
  });

  it('says which account of several it read, and which held none', () => {
    const statement = parseStatementFile(fixtureText('ofx-two-accounts-one-empty.ofx'));
    expect(statement.rows.map((row) => [row.payee, row.amountCents])).toEqual([['CORNER SHOP', 1840]]);
    expect(statement.notes).toEqual(['The file holds 2 accounts: transactions were read from account …2222; account …4444 held none.']);
  });

  it('names every account when none of several holds a transaction, and says it plainly when no account is named', () => {
    const empty = fixtureText('ofx-two-accounts-one-empty.ofx').replace(/<STMTTRN>[\s\S]*?<\/STMTTRN>\n/, '');
    expect(readOfxStatement(empty).notes).toEqual(['The file holds no transactions for accounts …2222 and …4444.']);
    expect(readOfxStatement('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>').notes).toEqual(['The file holds no transactions.']);
  });

  it('says nothing of transactions a bank wrote outside any statement aggregate: they were read', () => {
    const loose = '<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20261001<TRNAMT>-1.00<FITID>L-1<NAME>KIOSK</STMTTRN></BANKTRANLIST></OFX>';
    expect(readOfxStatement(loose)).toMatchObject({ rows: [expect.objectContaining({ payee: 'KIOSK' })], notes: [] });
  });
});
