import { describe, expect, it } from 'vitest';
import { payeeSimilarity, rankReceiptMatches, receiptAmountRange, type RecordedPurchase, shiftDay } from './receipt-matches';

const purchase = (transactionId: number, payee: string, amountCents: number, date: string): RecordedPurchase => ({ transactionId, payee, amountCents, date });

describe('payeeSimilarity', () => {
  it('is 1 for the same name in another case and 0 for names with nothing in common', () => {
    expect(payeeSimilarity('CORNER GROCERY', 'Corner Grocery')).toBe(1);
    expect(payeeSimilarity('Corner Grocery', 'Shell')).toBe(0);
  });

  it('forgives a misread letter and a cut-off name', () => {
    expect(payeeSimilarity('Corner Gr0cery Co', 'Corner Grocery')).toBeGreaterThan(0.7);
    expect(payeeSimilarity('Corner Grocery Co', 'CORNER GROC')).toBeGreaterThan(0.7);
  });

  it('is 0 when a name has no words', () => {
    expect(payeeSimilarity('', 'Shell')).toBe(0);
  });
});

describe('receiptAmountRange and shiftDay', () => {
  it('allows 1 % either way, and at least a cent', () => {
    expect(receiptAmountRange(10_000)).toEqual([9_900, 10_100]);
    expect(receiptAmountRange(50)).toEqual([49, 51]);
  });

  it('moves a day across a month end', () => {
    expect(shiftDay('2026-03-30', 3)).toBe('2026-04-02');
    expect(shiftDay('2026-03-01', -3)).toBe('2026-02-26');
  });
});

describe('rankReceiptMatches', () => {
  const receipt = { amountCents: 10_000, days: ['2026-03-14'], merchant: 'Corner Grocery' };

  it('keeps purchases within 1 % and 3 days, and leaves out the rest', () => {
    const purchases = [
      purchase(1, 'Corner Grocery', 10_100, '2026-03-17'),
      purchase(2, 'Corner Grocery', 10_101, '2026-03-14'),
      purchase(3, 'Corner Grocery', 10_000, '2026-03-18'),
      purchase(4, 'Corner Grocery', 9_900, '2026-03-11'),
    ];
    expect(rankReceiptMatches(receipt, purchases).map((match) => match.transactionId)).toEqual([1, 4]);
  });

  it('ranks the alike payee first, then the closer amount and day', () => {
    const purchases = [purchase(1, 'Shell', 10_000, '2026-03-14'), purchase(2, 'CORNER GROC', 10_050, '2026-03-15'), purchase(3, 'Corner Grocery', 10_000, '2026-03-14')];
    const ranked = rankReceiptMatches(receipt, purchases);
    expect(ranked.map((match) => match.transactionId)).toEqual([3, 2, 1]);
    expect(ranked[0]?.payeeSimilarity).toBe(1);
    expect(ranked[2]?.payeeSimilarity).toBe(0);
  });

  it('matches either day of an ambiguous date', () => {
    const ambiguous = { ...receipt, days: ['2026-03-04', '2026-04-03'] };
    const purchases = [purchase(1, 'Corner Grocery', 10_000, '2026-04-05'), purchase(2, 'Corner Grocery', 10_000, '2026-03-20')];
    expect(rankReceiptMatches(ambiguous, purchases).map((match) => match.transactionId)).toEqual([1]);
  });

  it('matches nothing without an amount or a day', () => {
    const purchases = [purchase(1, 'Corner Grocery', 10_000, '2026-03-14')];
    expect(rankReceiptMatches({ ...receipt, amountCents: null }, purchases)).toEqual([]);
    expect(rankReceiptMatches({ ...receipt, days: [] }, purchases)).toEqual([]);
  });

  it('offers at most five', () => {
    const purchases = Array.from({ length: 8 }, (_, i) => purchase(i + 1, 'Corner Grocery', 10_000, '2026-03-14'));
    expect(rankReceiptMatches(receipt, purchases)).toHaveLength(5);
  });
});
