import { describe, expect, it } from 'vitest';
import { readReceiptText } from './read-receipt';

describe('readReceiptText', () => {
  it('reads the total, the day and the merchant of a whole receipt', () => {
    const text = 'CORNER GROCERY CO\n123 Main Street\n\nDate: 03/14/2026 10:42\nMilk 3.49\nSUBTOTAL 10.73\nTAX 0.86\nTOTAL 11.59\nCASH 20.00\nCHANGE 8.41\n';
    expect(readReceiptText(text)).toEqual({ amountCents: 1159, date: '2026-03-14', dateCandidates: ['2026-03-14'], merchant: 'Corner Grocery Co' });
  });

  it('leaves out what the text does not say, and gives both days of an ambiguous date', () => {
    expect(readReceiptText('~~\n03/04/2026\n')).toEqual({ amountCents: null, date: null, dateCandidates: ['2026-03-04', '2026-04-03'], merchant: null });
  });
});
