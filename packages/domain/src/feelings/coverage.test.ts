import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_COVERAGE_PERCENT, coverageIsLow, coveragePercent } from './coverage';

describe('feeling coverage', () => {
  it('is the share of the amount spent with a feeling, rounded down, and nothing without spending', () => {
    expect(coveragePercent({ spentCents: 10_000, feltCents: 8_250 })).toBe(82);
    expect(coveragePercent({ spentCents: 10_000, feltCents: 9_960 })).toBe(99);
    expect(coveragePercent({ spentCents: 10_000, feltCents: 10_000 })).toBe(100);
    expect(coveragePercent({ spentCents: 0, feltCents: 0 })).toBeNull();
  });

  it('calls figures resting on too little below half, never a month without spending', () => {
    expect(coverageIsLow(LOW_COVERAGE_PERCENT - 1)).toBe(true);
    expect(coverageIsLow(LOW_COVERAGE_PERCENT)).toBe(false);
    expect(coverageIsLow(null)).toBe(false);
  });

  it('stays between 0 and 100 whatever the amounts (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (spentCents, feltCents) => {
        const percent = coveragePercent({ spentCents, feltCents });
        if (percent === null) expect(spentCents).toBeLessThanOrEqual(0);
        else {
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
