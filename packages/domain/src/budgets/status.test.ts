import { describe, expect, it } from 'vitest';
import { type StatusInput, budgetStatus, isBillUnpaid } from './status';

const today = '2026-11-15';
const bill = (overrides: Partial<StatusInput>): StatusInput => ({
  dueInFull: true,
  amountCents: 10000,
  spentCents: 0,
  ignore: false,
  hasBeenPaid: false,
  recurrenceDate: '2026-11-20',
  today,
  ...overrides,
});

describe('bill status, in the spec order', () => {
  it('is Paid when marked paid, whatever the date', () => {
    for (const recurrenceDate of ['2026-11-01', today, '2026-11-30']) {
      expect(budgetStatus(bill({ hasBeenPaid: true, recurrenceDate }))).toBe('Paid');
    }
  });

  it('is Paid when spending covers the amount, even when it is over', () => {
    expect(budgetStatus(bill({ spentCents: 10000 }))).toBe('Paid');
    expect(budgetStatus(bill({ spentCents: 12000, recurrenceDate: '2026-11-01' }))).toBe('Paid');
  });

  it('is Skipped when skipped this month, before, on and after its date', () => {
    for (const recurrenceDate of ['2026-11-01', today, '2026-11-30']) {
      expect(budgetStatus(bill({ ignore: true, recurrenceDate }))).toBe('Skipped');
    }
  });

  it('is Over Budget when the month amount is negative and something is left to cover', () => {
    expect(budgetStatus(bill({ amountCents: -100, spentCents: 0 }))).toBe('Over Budget');
  });

  it('is Under Budget when partly paid, before, on and after its date', () => {
    for (const recurrenceDate of ['2026-11-01', today, '2026-11-30']) {
      expect(budgetStatus(bill({ spentCents: 4000, recurrenceDate }))).toBe('Under Budget');
    }
  });

  it('is Past due when unpaid and its date is before today', () => {
    expect(budgetStatus(bill({ recurrenceDate: '2026-11-14' }))).toBe('Past due');
    expect(budgetStatus(bill({ recurrenceDate: '2026-10-31', today: '2026-11-01' }))).toBe('Past due');
  });

  it('is Due soon within 7 days and Unpaid when due later', () => {
    expect(budgetStatus(bill({ recurrenceDate: '2026-11-16' }))).toBe('Due soon');
    expect(budgetStatus(bill({ recurrenceDate: '2026-11-22' }))).toBe('Due soon');
    expect(budgetStatus(bill({ recurrenceDate: '2026-11-23' }))).toBe('Unpaid');
    expect(budgetStatus(bill({ recurrenceDate: '2026-12-01', today: '2026-11-30' }))).toBe('Due soon');
  });

  it('is Due today on its date', () => {
    expect(budgetStatus(bill({ recurrenceDate: today }))).toBe('Due today');
  });

  it('is PENDING when it does not fall due this month', () => {
    expect(budgetStatus(bill({ recurrenceDate: null }))).toBe('PENDING');
    expect(budgetStatus(bill({ amountCents: 0, recurrenceDate: null }))).toBe('PENDING');
  });
});

describe('flexible expense status', () => {
  const flexible = (overrides: Partial<StatusInput>) => bill({ dueInFull: false, ...overrides });

  it('is Over Budget past the amount, Under Budget while within it, PENDING before any spending', () => {
    expect(budgetStatus(flexible({ spentCents: 10001 }))).toBe('Over Budget');
    expect(budgetStatus(flexible({ spentCents: 10000 }))).toBe('Under Budget');
    expect(budgetStatus(flexible({ spentCents: 1 }))).toBe('Under Budget');
    expect(budgetStatus(flexible({}))).toBe('PENDING');
    expect(budgetStatus(flexible({ ignore: true, spentCents: 50000 }))).toBe('Skipped');
  });
});

describe('unpaid bills (spec §4)', () => {
  it('are neither skipped, nor marked paid, nor covered by spending', () => {
    expect(isBillUnpaid({ ignore: false, hasBeenPaid: false, spentCents: 9999, amountCents: 10000 })).toBe(true);
    expect(isBillUnpaid({ ignore: true, hasBeenPaid: false, spentCents: 0, amountCents: 10000 })).toBe(false);
    expect(isBillUnpaid({ ignore: false, hasBeenPaid: true, spentCents: 0, amountCents: 10000 })).toBe(false);
    expect(isBillUnpaid({ ignore: false, hasBeenPaid: false, spentCents: 10000, amountCents: 10000 })).toBe(false);
  });
});
