import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegretTriggers, TriggerDimension } from '../insights/triggers';
import {
  DEFAULT_COOLING_OFF_DAYS,
  FORECAST_MIN_SIMILAR,
  MAX_COOLING_OFF_DAYS,
  MIN_COOLING_OFF_DAYS,
  type SimilarGroup,
  coolingOffDays,
  forecastSentence,
  matchesPausedAmount,
  pauseForecast,
  pauseReminderMessage,
} from './pause-forecast';

const notEnough: TriggerDimension = { enough: false, feelings: 3, needed: 20 };
const noTriggers: RegretTriggers = { weekday: notEnough, daysSinceIncome: notEnough, paymentMethod: notEnough, amountBand: notEnough };
const keys = { weekday: 'fri', daysSinceIncome: '0_3', paymentMethod: 'credit_card', amountBand: '50_200' };

const group = (name: string, felt: number, regretted: number, soured = 0): SimilarGroup => ({ name, felt, regretted, soured });

/** A dimension whose 'fri' group is regretted twice as often as the dimension as a whole. */
const fridays: TriggerDimension = {
  enough: true,
  feelings: 40,
  groups: [
    { key: 'fri', label: 'Friday', feelings: 10, regretted: 5, rate: 50 },
    { key: 'mon', label: 'Monday', feelings: 30, regretted: 3, rate: 10 },
  ],
};

describe('pauseForecast', () => {
  it("rests on the payee's felt purchases when there are enough of them", () => {
    const forecast = pauseForecast(group('Corner Bar', 11, 7, 3), group('Bars', 40, 10), noTriggers, keys);
    expect(forecast).toEqual({
      enough: true,
      regretRate: 63.6,
      similar: 11,
      regretted: 7,
      soured: 3,
      needed: FORECAST_MIN_SIMILAR,
      basis: [{ kind: 'payee', label: 'Corner Bar', feelings: 11, regretted: 7, rate: 63.6, lift: null }],
    });
  });

  it("falls back to the sub-category when the payee has fewer than five feelings, and says so when neither has", () => {
    expect(pauseForecast(group('New Place', 4, 4), group('Dining Out', 5, 1), noTriggers, keys)).toMatchObject({
      enough: true,
      similar: 5,
      regretRate: 20,
      basis: [{ kind: 'subcategory', label: 'Dining Out' }],
    });
    expect(pauseForecast(group('New Place', 4, 4), group('Dining Out', 2, 1), noTriggers, keys)).toEqual({
      enough: false,
      regretRate: null,
      similar: 4,
      regretted: 0,
      soured: 0,
      needed: FORECAST_MIN_SIMILAR,
      basis: [],
    });
    expect(pauseForecast(null, null, noTriggers, keys)).toMatchObject({ enough: false, similar: 0 });
  });

  it("moves the rate by a trigger that applies today, by how much more that group is regretted than the person's average", () => {
    // Fridays: 50 % against 8 of 40 = 20 % overall: a lift of 2.5.
    const forecast = pauseForecast(group('Corner Bar', 10, 2), null, { ...noTriggers, weekday: fridays }, keys);
    expect(forecast.basis[1]).toEqual({ kind: 'weekday', label: 'Friday', feelings: 10, regretted: 5, rate: 50, lift: 2.5 });
    expect(forecast.regretRate).toBe(50);
    // On a Monday the same history forecasts less (10 % / 20 %: a lift of 0.5).
    expect(pauseForecast(group('Corner Bar', 10, 2), null, { ...noTriggers, weekday: fridays }, { ...keys, weekday: 'mon' }).regretRate).toBe(10);
    // A trigger group the person's history does not show (Sunday) moves nothing.
    expect(pauseForecast(group('Corner Bar', 10, 2), null, { ...noTriggers, weekday: fridays }, { ...keys, weekday: 'sun' }).regretRate).toBe(20);
  });

  it('combines several triggers by their geometric mean and never forecasts more than certainty', () => {
    const both = { ...noTriggers, weekday: fridays, paymentMethod: { ...fridays, groups: fridays.groups.map((g) => ({ ...g, key: g.key === 'fri' ? 'credit_card' : 'cash' })) } };
    expect(pauseForecast(group('Corner Bar', 10, 2), null, both, keys).regretRate).toBe(50);
    expect(pauseForecast(group('Corner Bar', 10, 9), null, both, keys).regretRate).toBe(100);
  });

  it('never claims more history than exists, and keeps its rate between 0 and 100 (fast-check)', () => {
    const counts = fc
      .tuple(fc.nat(200), fc.nat(200), fc.nat(200))
      .map(([felt, a, b]) => group('G', felt, Math.min(a, felt), Math.min(b, a, felt)));
    fc.assert(
      fc.property(fc.option(counts, { nil: null }), fc.option(counts, { nil: null }), (payee, subcategory) => {
        const forecast = pauseForecast(payee, subcategory, { ...noTriggers, weekday: fridays }, keys);
        expect(forecast.similar).toBeLessThanOrEqual(Math.max(payee?.felt ?? 0, subcategory?.felt ?? 0));
        expect(forecast.regretted).toBeLessThanOrEqual(forecast.similar);
        expect(forecast.soured).toBeLessThanOrEqual(forecast.regretted);
        if (forecast.regretRate !== null) {
          expect(forecast.regretRate).toBeGreaterThanOrEqual(0);
          expect(forecast.regretRate).toBeLessThanOrEqual(100);
        }
        expect(forecast.enough).toBe(forecast.similar >= FORECAST_MIN_SIMILAR);
      }),
    );
  });
});

describe('coolingOffDays', () => {
  it('waits longer the likelier regret is, from one day to thirty', () => {
    expect(coolingOffDays(0)).toBe(MIN_COOLING_OFF_DAYS);
    expect(coolingOffDays(63.6)).toBe(20);
    expect(coolingOffDays(100)).toBe(MAX_COOLING_OFF_DAYS);
    expect(coolingOffDays(null)).toBe(DEFAULT_COOLING_OFF_DAYS);
  });

  it('never shortens the wait when the rate rises (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(coolingOffDays(low)).toBeLessThanOrEqual(coolingOffDays(high));
      }),
    );
  });
});

describe('what the pause list says', () => {
  it('matches a purchase within 10 % of the amount paused, either way', () => {
    expect(matchesPausedAmount(18_000, 16_200)).toBe(true);
    expect(matchesPausedAmount(18_000, 19_800)).toBe(true);
    expect(matchesPausedAmount(18_000, 16_199)).toBe(false);
    expect(matchesPausedAmount(18_000, 19_801)).toBe(false);
  });

  it('puts the forecast in plain words, and the reminder as a question', () => {
    expect(forecastSentence({ enough: true, similar: 11, regretted: 7, soured: 3, needed: 5 })).toBe(
      'Purchases like this were regretted 7 of 11 times; 3 soured later.',
    );
    expect(forecastSentence({ enough: true, similar: 6, regretted: 0, soured: 0, needed: 5 })).toBe('Purchases like this were regretted 0 of 6 times.');
    expect(forecastSentence({ enough: false, similar: 4, regretted: 0, soured: 0, needed: 5 })).toBe(
      'Not enough history yet: feel 1 more purchase like this to get a forecast.',
    );
    expect(pauseReminderMessage('$180.00', 'headphones', 'Sound Shop')).toBe('Still want the $180.00 headphones?');
    expect(pauseReminderMessage('$38.20', null, 'Corner Bar')).toBe('Still want the $38.20 purchase at Corner Bar?');
  });
});
