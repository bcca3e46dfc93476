import { describe, expect, it } from 'vitest';
import { findReceiptDate } from './receipt-date';

const one = (date: string) => ({ date, candidates: [date], ambiguous: false });

describe('findReceiptDate', () => {
  it('reads ISO dates', () => {
    expect(findReceiptDate(['SHOP', '2026-03-14 10:42'])).toEqual(one('2026-03-14'));
    expect(findReceiptDate(['2026/3/4'])).toEqual(one('2026-03-04'));
  });

  it('reads a numeric date whose day is past 12 either way round', () => {
    expect(findReceiptDate(['Date: 03/14/2026 10:42'])).toEqual(one('2026-03-14'));
    expect(findReceiptDate(['14.03.2026'])).toEqual(one('2026-03-14'));
    expect(findReceiptDate(['14-03-26'])).toEqual(one('2026-03-14'));
  });

  it('gives both readings and no date when day and month could be swapped', () => {
    expect(findReceiptDate(['03/04/2026'])).toEqual({ date: null, candidates: ['2026-03-04', '2026-04-03'], ambiguous: true });
  });

  it('is not ambiguous when both readings are the same day', () => {
    expect(findReceiptDate(['05/05/2026'])).toEqual(one('2026-05-05'));
  });

  it('reads month names either way round', () => {
    expect(findReceiptDate(['14 Mar 2026'])).toEqual(one('2026-03-14'));
    expect(findReceiptDate(['Mar 4, 2026'])).toEqual(one('2026-03-04'));
    expect(findReceiptDate(['September 30 2026'])).toEqual(one('2026-09-30'));
    expect(findReceiptDate(['04-MAR-26'])).toEqual(one('2026-03-04'));
  });

  it('skips days that do not exist and lines without dates', () => {
    expect(findReceiptDate(['TOTAL 11.59', '02/30/2026', 'Feb 29 2026', '2028-02-29'])).toEqual(one('2028-02-29'));
    expect(findReceiptDate(['TOTAL 11.59'])).toEqual({ date: null, candidates: [], ambiguous: false });
  });

  it('takes the first dated line: the purchase, not a return-by date below it', () => {
    expect(findReceiptDate(['2026-03-14', 'Returns by 2026-04-13'])).toEqual(one('2026-03-14'));
  });
});
