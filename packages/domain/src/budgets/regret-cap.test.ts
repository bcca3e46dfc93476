import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentFeeling, regretCapPercent, regretCapState, regretCapWarning } from './regret-cap';

describe('the regret cap (docs/DECISIONS.md #56)', () => {
  it('passes only above the cap, never without one', () => {
    expect(regretCapState(11_200, 10_000).passed).toBe(true);
    expect(regretCapState(10_000, 10_000).passed).toBe(false);
    expect(regretCapState(9_999, 10_000).passed).toBe(false);
    expect(regretCapState(1_000_000, null).passed).toBe(false);
  });

  it("warns in the row's words once passed", () => {
    expect(regretCapWarning(regretCapState(11_200, 10_000))).toBe('Regretted $112.00 of your $100.00 cap');
    expect(regretCapWarning(regretCapState(5_000, 10_000))).toBeNull();
  });

  it('counts the feeling on a second look over the first', () => {
    expect(currentFeeling('positive', 'negative')).toBe('negative');
    expect(currentFeeling('negative', 'positive')).toBe('positive');
    expect(currentFeeling('negative', null)).toBe('negative');
    expect(currentFeeling(null, null)).toBeNull();
  });

  it('keeps the share of the cap within 0-100 and at 100 exactly when passed or reached', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (regretted, cap) => {
          const state = regretCapState(regretted, cap);
          const percent = regretCapPercent(state);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
          if (state.passed) expect(percent).toBe(100);
          expect(state.passed).toBe(regretted > cap);
        },
      ),
    );
  });
});
