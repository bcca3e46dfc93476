import { describe, expect, it } from 'vitest';
import { carriedLabel, regretProgress, regretWarning } from './budget-rollover-view';

describe('rollover and regret cap wording (docs/DECISIONS.md #55, #56)', () => {
  it('names what was carried in and from which month, with its sign', () => {
    expect(carriedLabel({ carried: 42.1, carried_from: { month: 10, year: 2026 } })).toBe(
      '+$42.10 carried from October',
    );
    expect(carriedLabel({ carried: -12, carried_from: { month: 12, year: 2026 } })).toBe(
      '−$12.00 carried from December',
    );
    expect(carriedLabel({ carried: 0, carried_from: { month: 1, year: 2027 } })).toBe(
      '+$0.00 carried from January',
    );
    expect(carriedLabel({ carried: 0, carried_from: null })).toBeNull();
  });

  it('warns only past the cap', () => {
    expect(regretWarning({ regretted: 112, regret_cap: 100 })).toBe('Regretted $112.00 of your $100.00 cap');
    expect(regretWarning({ regretted: 100, regret_cap: 100 })).toBeNull();
    expect(regretWarning({ regretted: 500, regret_cap: null })).toBeNull();
  });

  it('shows progress toward the cap, or the regret alone without one', () => {
    expect(regretProgress({ regretted: 25, regret_cap: 100 })).toEqual({
      label: 'Regretted $25.00 of your $100.00 cap',
      percent: 25,
    });
    expect(regretProgress({ regretted: 250, regret_cap: 100 }).percent).toBe(100);
    expect(regretProgress({ regretted: 8.5, regret_cap: null })).toEqual({
      label: 'Regretted this month: $8.50',
      percent: null,
    });
  });
});
