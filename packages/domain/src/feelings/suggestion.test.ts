import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEELING_VALUES, PURPOSE_VALUES } from '../ledger/transactions';
import { type HistoryCell, NO_SUGGESTION, chooseSuggestion, suggestFromHistory, suggestionLabel, suggestionSince } from './suggestion';

const cell = (over: Partial<HistoryCell>): HistoryCell => ({ feeling: null, purpose: null, count: 1, latest: '2026-11-01', ...over });

describe('the history a suggestion reads', () => {
  it('goes back twelve months to the day, across a leap day', () => {
    expect(suggestionSince({ year: 2026, month: 11, day: 24 })).toBe('2025-11-24');
    expect(suggestionSince({ year: 2025, month: 2, day: 28 })).toBe('2024-02-28');
    expect(suggestionSince({ year: 2028, month: 2, day: 29 })).toBe('2027-02-28');
  });
});

describe('the suggested feeling and purpose', () => {
  it('takes the feeling and the purpose most often given, each on its own', () => {
    expect(
      suggestFromHistory([
        cell({ feeling: 'negative', purpose: 'optional', count: 4 }),
        cell({ feeling: 'positive', purpose: 'optional', count: 1 }),
        cell({ feeling: null, purpose: 'survival', count: 2 }),
        cell({ feeling: 'negative', purpose: null, count: 1 }),
      ]),
    ).toEqual({ feeling: 'negative', purpose: 'optional', basedOn: 8 });
  });

  it('suggests nothing from no history or a single purchase, and ignores untagged purchases', () => {
    expect(suggestFromHistory([])).toEqual(NO_SUGGESTION);
    expect(suggestFromHistory([cell({ feeling: 'positive' })])).toEqual(NO_SUGGESTION);
    expect(suggestFromHistory([cell({ feeling: 'positive' }), cell({ count: 9 })])).toEqual(NO_SUGGESTION);
    expect(suggestFromHistory([cell({ feeling: 'positive', count: 2 })])).toEqual({ feeling: 'positive', purpose: null, basedOn: 2 });
  });

  it('breaks a tie in favour of the most recent habit', () => {
    expect(
      suggestFromHistory([
        cell({ feeling: 'positive', count: 2, latest: '2026-03-01' }),
        cell({ feeling: 'negative', count: 2, latest: '2026-10-01' }),
      ]).feeling,
    ).toBe('negative');
  });

  it('always suggests a value that is at least as common as any other', () => {
    const cells = fc.array(
      fc.record({
        feeling: fc.option(fc.constantFrom(...FEELING_VALUES)),
        purpose: fc.option(fc.constantFrom(...PURPOSE_VALUES)),
        count: fc.integer({ min: 1, max: 5 }),
        latest: fc.constantFrom('2026-01-01', '2026-06-01', '2026-11-01'),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(cells, (history) => {
        const suggestion = suggestFromHistory(history);
        const tally = (value: string | null, key: 'feeling' | 'purpose') =>
          history.filter((c) => c[key] === value && (c.feeling !== null || c.purpose !== null)).reduce((sum, c) => sum + c.count, 0);
        if (suggestion.basedOn === 0) return;
        for (const feeling of FEELING_VALUES) expect(tally(suggestion.feeling, 'feeling')).toBeGreaterThanOrEqual(tally(feeling, 'feeling'));
        for (const purpose of PURPOSE_VALUES) expect(tally(suggestion.purpose, 'purpose')).toBeGreaterThanOrEqual(tally(purpose, 'purpose'));
        expect(suggestion.basedOn).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  it("prefers the payee's habit, falls back on the sub-category's, and says where it came from", () => {
    const payee = { feeling: 'positive' as const, purpose: null, basedOn: 3 };
    const sub = { feeling: 'neutral' as const, purpose: 'survival' as const, basedOn: 40 };
    expect(chooseSuggestion(payee, sub)).toEqual({ suggestion: payee, source: 'payee' });
    expect(chooseSuggestion(NO_SUGGESTION, sub)).toEqual({ suggestion: sub, source: 'subcategory' });
    expect(chooseSuggestion(null, null)).toEqual({ suggestion: NO_SUGGESTION, source: null });
    expect(suggestionLabel(6, 'at Corner Bar')).toBe('Suggested from 6 past purchases at Corner Bar');
    expect(suggestionLabel(1, 'in Groceries')).toBe('Suggested from 1 past purchase in Groceries');
  });
});
