import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type YearMonth, addMonths } from '../months';
import { monthlyRecurrence } from './recurrence';
import { type RolloverChange, type RolloverPlan, carryChain, carryInto, rolloverOnIn } from './rollover';

const ym = (year: number, month: number): YearMonth => ({ year, month });
const on = (from: YearMonth): RolloverChange => ({ from, enabled: true });
const off = (from: YearMonth): RolloverChange => ({ from, enabled: false });

const plan = (changes: RolloverChange[], extra: Partial<RolloverPlan> = {}): RolloverPlan => ({
  dueInFull: false,
  amountCents: 10_000,
  recurrence: monthlyRecurrence('2026-01-01', 1),
  months: [],
  changes,
  ...extra,
});
const START = ym(2026, 1);
/** 17 months after START. */
const CURRENT = ym(2027, 6);

describe('rollover in effect for a month (docs/DECISIONS.md #55)', () => {
  it('follows the latest change from that month or before', () => {
    const changes = [on(ym(2026, 3)), off(ym(2026, 6)), on(ym(2026, 9))];
    expect(rolloverOnIn(changes, ym(2026, 2))).toBe(false);
    expect(rolloverOnIn(changes, ym(2026, 3))).toBe(true);
    expect(rolloverOnIn(changes, ym(2026, 5))).toBe(true);
    expect(rolloverOnIn(changes, ym(2026, 6))).toBe(false);
    expect(rolloverOnIn(changes, ym(2027, 1))).toBe(true);
    expect(rolloverOnIn([], ym(2026, 1))).toBe(false);
  });

  it('does not depend on the order the changes are listed in', () => {
    const changes = [on(ym(2026, 9)), on(ym(2026, 3)), off(ym(2026, 6))];
    expect(rolloverOnIn(changes, ym(2026, 7))).toBe(false);
    expect(rolloverOnIn(changes, ym(2026, 10))).toBe(true);
  });
});

describe('the carry chain', () => {
  it('carries January unspent through February into March', () => {
    // $100 a month; January spends $60, February $130: +$40 into Feb, $140 - $130 = +$10 into Mar.
    const spent = new Map([
      ['2026-1', 6_000],
      ['2026-2', 13_000],
    ]);
    const spentIn = (m: YearMonth) => spent.get(`${m.year}-${m.month}`) ?? 0;
    const p = plan([on(START)]);
    expect(carryInto(p, START, spentIn, ym(2026, 1), CURRENT)).toEqual({
      carriedCents: 0,
      from: null,
      rolloverOn: true,
    });
    expect(carryInto(p, START, spentIn, ym(2026, 2), CURRENT)).toEqual({
      carriedCents: 4_000,
      from: ym(2026, 1),
      rolloverOn: true,
    });
    expect(carryInto(p, START, spentIn, ym(2026, 3), CURRENT)).toEqual({
      carriedCents: 1_000,
      from: ym(2026, 2),
      rolloverOn: true,
    });
  });

  it('carries an overspend as a negative amount, and across a year end', () => {
    const p = plan([on(ym(2026, 12))]);
    const carry = carryInto(p, START, () => 12_500, ym(2027, 1), CURRENT);
    expect(carry).toEqual({ carriedCents: -2_500, from: ym(2026, 12), rolloverOn: true });
  });

  it('stops carrying from the month it is turned off; the month turned off keeps what it received', () => {
    const p = plan([on(ym(2026, 1)), off(ym(2026, 3))]);
    const spentIn = () => 5_000;
    expect(carryInto(p, START, spentIn, ym(2026, 3), CURRENT)).toMatchObject({
      carriedCents: 10_000,
      rolloverOn: false,
    });
    expect(carryInto(p, START, spentIn, ym(2026, 4), CURRENT)).toEqual({
      carriedCents: 0,
      from: null,
      rolloverOn: false,
    });
  });

  it('starts again from nothing when turned on again later', () => {
    const p = plan([on(ym(2026, 1)), off(ym(2026, 3)), on(ym(2026, 5))]);
    expect(carryInto(p, START, () => 5_000, ym(2026, 6), CURRENT).carriedCents).toBe(5_000);
  });

  it('never carries for a bill, nor before the budget starts', () => {
    expect(carryInto(plan([on(START)], { dueInFull: true }), START, () => 0, ym(2026, 5), CURRENT)).toEqual({
      carriedCents: 0,
      from: null,
      rolloverOn: false,
    });
    const late = ym(2026, 4);
    const p = plan([on(START)], { recurrence: monthlyRecurrence('2026-04-01', 1) });
    expect(carryInto(p, late, () => 0, ym(2026, 5), CURRENT).carriedCents).toBe(10_000);
  });

  it('passes the plan of months after the current one on untouched by spending', () => {
    const p = plan([on(ym(2027, 6))]);
    expect(carryInto(p, START, () => 9_999, ym(2027, 8), CURRENT).carriedCents).toBe(10_000 - 9_999 + 10_000);
  });
});

const monthArb = fc.record({
  amountCents: fc.integer({ min: 0, max: 1_000_000 }),
  spentCents: fc.integer({ min: 0, max: 1_000_000 }),
  rollover: fc.boolean(),
});

describe('carry chain properties', () => {
  it('carries into the next month exactly what the month left when on, and nothing when off', () => {
    fc.assert(
      fc.property(fc.array(monthArb, { maxLength: 30 }), (months) => {
        const carried = carryChain(months);
        expect(carried).toHaveLength(months.length + 1);
        expect(carried[0]).toBe(0);
        months.forEach((month, i) => {
          const expected = month.rollover ? month.amountCents + (carried[i] ?? 0) - month.spentCents : 0;
          expect(carried[i + 1]).toBe(expected);
        });
      }),
    );
  });

  it('sums what every month of the last unbroken run of rollover months left over', () => {
    fc.assert(
      fc.property(fc.array(monthArb, { maxLength: 30 }), (months) => {
        let runStart = months.length;
        while (runStart > 0 && months[runStart - 1]?.rollover) runStart -= 1;
        const run = months.slice(runStart);
        const sum = run.reduce((total, month) => total + month.amountCents - month.spentCents, 0);
        expect(carryChain(months).at(-1)).toBe(sum);
      }),
    );
  });

  it('agrees with walking the months one by one for any history of changes', () => {
    const changeArb = fc.record({ offset: fc.integer({ min: 0, max: 23 }), enabled: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(changeArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 50_000 }),
        (raw, target, spend) => {
          const changes = raw.map((change) => ({
            from: addMonths(START, change.offset),
            enabled: change.enabled,
          }));
          const p = plan(changes);
          const month = addMonths(START, target);
          let carried = 0;
          for (let i = 0; i < target; i += 1) {
            const m = addMonths(START, i);
            // Months after the current one have spent nothing yet.
            const spent = i > 17 ? 0 : spend;
            carried = rolloverOnIn(changes, m) ? 10_000 + carried - spent : 0;
          }
          expect(carryInto(p, START, () => spend, month, CURRENT).carriedCents).toBe(carried);
        },
      ),
    );
  });
});
