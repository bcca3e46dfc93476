import { describe, expect, it } from 'vitest';
import type { IncomeSource } from '@mindspend/api-contract';
import {
  emptyIncomeForm,
  incomeBodyOf,
  incomeFormErrors,
  nextPaymentDate,
  recurrenceLabel,
} from './income-form';

const source = (patch: Partial<IncomeSource>): IncomeSource => ({
  id: 1,
  account_id: 2,
  entity_id: 3,
  entity: { id: 3, name: 'Acme Corp', name_short: 'Acme' },
  amount: 2500,
  start_date: '2026-01-31',
  recurrence: 'monthly',
  x_days: null,
  ...patch,
});

describe('income form', () => {
  it('starts monthly with every 14 days (spec §9) on the given account and date', () => {
    expect(emptyIncomeForm(4, '2026-11-23')).toEqual({
      accountId: 4,
      entityId: null,
      amount: '',
      startDate: '2026-11-23',
      recurrence: 'monthly',
      xDays: 14,
    });
  });

  it("requires every field with the contract's messages", () => {
    const errors = incomeFormErrors({
      accountId: null,
      entityId: null,
      amount: '',
      startDate: '',
      recurrence: null,
      xDays: 14,
    });
    expect(errors).toEqual({
      accountId: 'Choose the account the income is paid into.',
      entityId: 'Choose who pays this income (the source).',
      amount: 'The amount field is required.',
      startDate: 'The start date field is required.',
      recurrence: 'Choose a recurrence pattern.',
    });
  });

  it('accepts 0 and cents, refuses negatives and fractions of a cent', () => {
    const base = { ...emptyIncomeForm(1, '2026-11-01'), entityId: 2 };
    expect(incomeFormErrors({ ...base, amount: 0 })).toEqual({});
    expect(incomeFormErrors({ ...base, amount: 19.99 })).toEqual({});
    expect(incomeFormErrors({ ...base, amount: -1 }).amount).toBe('The amount must not be negative.');
    expect(incomeFormErrors({ ...base, amount: 1.005 }).amount).toBe(
      'The amount must have at most two decimal places.',
    );
  });

  it('checks every-x-days only for that pattern: a whole number from 1', () => {
    const base = { ...emptyIncomeForm(1, '2026-11-01'), entityId: 2, amount: 10 };
    expect(incomeFormErrors({ ...base, xDays: 0 })).toEqual({});
    const everyX = { ...base, recurrence: 'every_x_days' as const };
    expect(incomeFormErrors({ ...everyX, xDays: '' }).xDays).toBe(
      'Enter every how many days the income is paid.',
    );
    expect(incomeFormErrors({ ...everyX, xDays: 0 }).xDays).toMatch(/whole number from 1/);
    expect(incomeFormErrors({ ...everyX, xDays: 2.5 }).xDays).toMatch(/whole number from 1/);
    expect(incomeFormErrors({ ...everyX, xDays: 1 })).toEqual({});
  });

  it('sends x_days only for every_x_days', () => {
    const values = { ...emptyIncomeForm(1, '2026-11-01'), entityId: 2, amount: 400, xDays: 10 as const };
    expect(incomeBodyOf(values)).toEqual({
      account_id: 1,
      entity_id: 2,
      amount: 400,
      start_date: '2026-11-01',
      recurrence: 'monthly',
      x_days: null,
    });
    expect(incomeBodyOf({ ...values, recurrence: 'every_x_days' }).x_days).toBe(10);
  });

  it('names each pattern as the spec does', () => {
    expect(recurrenceLabel('monthly', null)).toBe('Once Monthly');
    expect(recurrenceLabel('twice_monthly', null)).toBe('1st and 15th');
    expect(recurrenceLabel('every_two_weeks', null)).toBe('Every two weeks');
    expect(recurrenceLabel('every_x_days', 10)).toBe('Every 10 days');
    expect(recurrenceLabel('every_x_days', 1)).toBe('Every day');
  });
});

describe('next payment', () => {
  it('is today when a payment falls today, else the next one, across month ends', () => {
    expect(nextPaymentDate(source({ start_date: '2026-11-23' }), '2026-11-23')).toBe('2026-11-23');
    // Started on the 31st: shorter months pay on their last day.
    expect(nextPaymentDate(source({}), '2026-02-10')).toBe('2026-02-28');
    expect(
      nextPaymentDate(source({ recurrence: 'twice_monthly', start_date: '2026-01-01' }), '2026-11-16'),
    ).toBe('2026-12-01');
  });

  it('never comes before the start date', () => {
    expect(nextPaymentDate(source({ start_date: '2027-03-05' }), '2026-11-23')).toBe('2027-03-05');
  });

  it('steps every two weeks and every X days from the start', () => {
    expect(
      nextPaymentDate(source({ recurrence: 'every_two_weeks', start_date: '2026-10-30' }), '2026-11-14'),
    ).toBe('2026-11-27');
    expect(
      nextPaymentDate(
        source({ recurrence: 'every_x_days', x_days: 10, start_date: '2026-10-25' }),
        '2026-11-05',
      ),
    ).toBe('2026-11-14');
  });

  it('is null when nothing is paid within 13 months', () => {
    expect(nextPaymentDate(source({ start_date: '2029-01-01' }), '2026-11-23')).toBeNull();
  });
});
