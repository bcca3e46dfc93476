import { describe, expect, it } from 'vitest';
import { parseCsvStatement } from './csv-statement';
import { countOccurrences, dedupeKey, dedupeKeys } from './dedupe';
import { payeeKey } from './payee';

const header = 'Date,Description,Amount\n';
const january = [
  '01/15/2026,POS PURCHASE STARBUCKS #123 SEATTLE WA,-5.75',
  '01/15/2026,POS PURCHASE STARBUCKS #123 SEATTLE WA,-5.75',
  '01/16/2026,SAFEWAY 1490,-45.00',
  '01/18/2026,ACME PAYROLL,2500.00',
];
const keysOf = (lines: string[]) => dedupeKeys(parseCsvStatement(header + lines.join('\n')).rows);

describe('import de-duplication keys', () => {
  it('builds date|amount|type|payee key', () => {
    expect(dedupeKey({ date: '2026-01-15', amountCents: 575, type: 'expense', payee: 'STARBUCKS #123 SEATTLE WA' })).toBe(
      '2026-01-15|575|expense|starbucks',
    );
  });

  it('gives the same keys when the same file is imported twice', () => {
    expect(keysOf(january)).toEqual(keysOf([...january]));
  });

  it('keeps repeated identical rows within a file distinct', () => {
    const keys = keysOf(january);
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).toMatch(/\|1$/);
    expect(keys[1]).toMatch(/\|2$/);
    expect(countOccurrences(['a', 'b', 'a', 'a'])).toEqual(['a|1', 'b|1', 'a|2', 'a|3']);
  });

  it('finds only the new rows of an overlapping later export', () => {
    // The later export repeats January's rows (same two coffees on the 2nd), then a third coffee
    // bought later that day at another store and a new fill-up: only those two are new.
    const later = [...january.slice(2), ...january.slice(0, 2), '01/15/2026,STARBUCKS #999 SEATTLE WA,-5.75', '01/20/2026,SHELL OIL 5744,-38.20'];
    const known = new Set(keysOf(january));
    const fresh = keysOf(later).filter((key) => !known.has(key));
    expect(fresh).toHaveLength(2);
    expect(fresh[0]).toContain('2026-01-15|575|expense|starbucks|3');
    expect(fresh[1]).toContain('2026-01-20|3820|expense|shell oil|1');
  });

  it('uses the FITID of OFX rows', () => {
    const row = { date: '2026-01-15', amountCents: 575, type: 'expense' as const, payee: 'X' };
    expect(dedupeKeys([{ ...row, fitId: 'A1' }, { ...row, fitId: 'A2' }, { ...row, fitId: null }])).toEqual([
      'fitid|A1',
      'fitid|A2',
      '2026-01-15|575|expense|x|1',
    ]);
  });
});

describe('keys of files whose payee column changed (issue 34)', () => {
  it('keeps keying a CSV with Name and Description by its Description, as imports before did', () => {
    const bunq = 'Date,Amount,Name,Description\n2026-10-15,-9.95,CLOUDFLARE,"CLOUDFLARE 650-3198939, US 9.95 USD"\n2026-10-16,-5.00,CORNER SHOP,\n';
    const rows = parseCsvStatement(bunq).rows;
    expect(rows.map((row) => row.payee)).toEqual(['CLOUDFLARE', 'CORNER SHOP']);
    expect(dedupeKeys(rows)).toEqual([
      `2026-10-15|995|expense|${payeeKey('CLOUDFLARE 650-3198939, US 9.95 USD')}|1`,
      // An empty Description fell back to the name before too.
      `2026-10-16|500|expense|${payeeKey('CORNER SHOP')}|1`,
    ]);
  });
});
