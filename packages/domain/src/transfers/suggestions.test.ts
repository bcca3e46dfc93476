import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TransferCandidateRow, TRANSFER_MATCH_DAYS, canBeTransfer, daysBetween, matchTransfers, pairKey, transferSuggestionSince } from './suggestions';

const row = (over: Partial<TransferCandidateRow> & Pick<TransferCandidateRow, 'id'>): TransferCandidateRow => ({
  accountId: 1,
  type: 'expense',
  amountCents: 50_000,
  date: '2026-11-03',
  transferId: null,
  ...over,
});

describe('days between two dates', () => {
  it('counts calendar days across months, years and a leap day', () => {
    expect(daysBetween('2026-11-03', '2026-11-04')).toBe(1);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-04', '2026-11-03')).toBe(-1);
  });

  it('lets suggestions look back a year from the user\'s today', () => {
    expect(transferSuggestionSince('2026-11-24')).toBe('2025-11-24');
    expect(transferSuggestionSince('2028-03-01')).toBe('2027-03-02');
  });
});

describe('a suggested transfer', () => {
  const out = row({ id: 1, accountId: 1, type: 'expense', date: '2026-11-03' });

  it('pairs an expense with an income of the same amount in another account within three days, inclusive', () => {
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'income', date: '2026-11-06' })])).toEqual([{ fromId: 1, toId: 2 }]);
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'income', date: '2026-10-31' })])).toEqual([{ fromId: 1, toId: 2 }]);
  });

  it('does not pair four days apart, the same account, two expenses, different amounts, or a row already a leg', () => {
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'income', date: '2026-11-07' })])).toEqual([]);
    expect(matchTransfers([out, row({ id: 2, accountId: 1, type: 'income' })])).toEqual([]);
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'expense' })])).toEqual([]);
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'income', amountCents: 50_001 })])).toEqual([]);
    expect(matchTransfers([out, row({ id: 2, accountId: 2, type: 'income', transferId: 9 })])).toEqual([]);
    expect(matchTransfers([{ ...out, transferId: 9 }, row({ id: 2, accountId: 2, type: 'income' })])).toEqual([]);
  });

  it('skips a dismissed pair and offers the next nearest income instead', () => {
    const near = row({ id: 2, accountId: 2, type: 'income', date: '2026-11-03' });
    const far = row({ id: 3, accountId: 3, type: 'income', date: '2026-11-05' });
    expect(matchTransfers([out, far, near])).toEqual([{ fromId: 1, toId: 2 }]);
    expect(matchTransfers([out, far, near], new Set([pairKey({ fromId: 1, toId: 2 })]))).toEqual([{ fromId: 1, toId: 3 }]);
  });

  it('uses each income once: two payments of the same amount pair with two arrivals', () => {
    const pairs = matchTransfers([
      out,
      row({ id: 2, accountId: 1, type: 'expense', date: '2026-11-10' }),
      row({ id: 3, accountId: 2, type: 'income', date: '2026-11-04' }),
      row({ id: 4, accountId: 2, type: 'income', date: '2026-11-11' }),
    ]);
    expect(pairs).toEqual([
      { fromId: 1, toId: 3 },
      { fromId: 2, toId: 4 },
    ]);
  });

  const candidate = fc.record({
    id: fc.integer({ min: 1, max: 40 }),
    accountId: fc.integer({ min: 1, max: 3 }),
    type: fc.constantFrom('income' as const, 'expense' as const),
    amountCents: fc.constantFrom(100, 2_500, 50_000),
    date: fc.integer({ min: 0, max: 20 }).map((day) => new Date(Date.UTC(2026, 10, 20 + day)).toISOString().slice(0, 10)),
    transferId: fc.option(fc.constant(7), { freq: 5 }),
  });
  const uniqueRows = fc.uniqueArray(candidate, { selector: (r) => r.id, maxLength: 25 });

  it('only ever pairs rows that can be a transfer, uses each row at most once, and never a dismissed pair', () => {
    fc.assert(
      fc.property(uniqueRows, fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })), { maxLength: 10 }), (rows, dismissedPairs) => {
        const dismissed = new Set(dismissedPairs.map(([fromId, toId]) => pairKey({ fromId, toId })));
        const pairs = matchTransfers(rows, dismissed);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const seen = new Set<number>();
        for (const pair of pairs) {
          const from = byId.get(pair.fromId);
          const to = byId.get(pair.toId);
          expect(from && to && canBeTransfer(from, to)).toBe(true);
          expect(Math.abs(daysBetween(from?.date ?? '', to?.date ?? ''))).toBeLessThanOrEqual(TRANSFER_MATCH_DAYS);
          expect(dismissed.has(pairKey(pair))).toBe(false);
          expect(seen.has(pair.fromId) || seen.has(pair.toId)).toBe(false);
          seen.add(pair.fromId);
          seen.add(pair.toId);
        }
      }),
    );
  });

  it('leaves no expense unpaired while a free income could still take it', () => {
    fc.assert(
      fc.property(uniqueRows, (rows) => {
        const pairs = matchTransfers(rows);
        const used = new Set(pairs.flatMap((p) => [p.fromId, p.toId]));
        const free = rows.filter((r) => !used.has(r.id));
        for (const from of free) for (const to of free) expect(canBeTransfer(from, to)).toBe(false);
      }),
    );
  });
});
