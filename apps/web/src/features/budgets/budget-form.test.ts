import { describe, expect, it } from 'vitest';
import {
  chooseSubcategory,
  createBody,
  emptyBudgetForm,
  setEndDate,
  setOccurrences,
  unitLabel,
} from './budget-form';

const month = { year: 2026, month: 11 };

describe('add budget form (spec §2.5, §5, §9)', () => {
  it('defaults to a flexible budget repeating every 1 month with no end', () => {
    const state = emptyBudgetForm();
    expect(state).toMatchObject({
      dueInFull: 0,
      isRecurring: true,
      frequency: 'month',
      interval: '1',
      ending: 'never',
    });
  });

  it('choosing a sub-category sets the display name and once_monthly', () => {
    const state = chooseSubcategory(emptyBudgetForm(), { id: 7, name: 'Internet', emoji: '🌐' });
    expect(state).toMatchObject({ subcategoryId: 7, displayName: 'Internet', emoji: '🌐', onceMonthly: 1 });
  });

  it('an end date clears the occurrence count and a count clears the end date', () => {
    const withCount = setOccurrences(emptyBudgetForm(), '6');
    const withDate = setEndDate(withCount, '2027-05-01');
    expect(withDate).toMatchObject({ occurrences: '', endDate: '2027-05-01' });
    expect(setOccurrences(withDate, '3')).toMatchObject({ occurrences: '3', endDate: '' });
  });

  it('labels the unit in the plural when the interval is not 1', () => {
    expect(unitLabel('month', '1')).toBe('month');
    expect(unitLabel('day', '3')).toBe('days');
    expect(unitLabel('year', '')).toBe('years');
  });

  it('sends a monthly bill due on the chosen day from the first of the month', () => {
    const state = {
      ...chooseSubcategory(emptyBudgetForm(), { id: 7, name: 'Internet', emoji: '🌐' }),
      dueInFull: 1 as const,
      amount: '$1,065.50',
      startDay: '28',
    };
    const { body, errors } = createBody(state, month);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      transaction_subcategory_id: 7,
      display_name: 'Internet',
      due_in_full: 1,
      amount: 1065.5,
      repeat_frequency: 'month',
      repeat_interval: 1,
      repeat_start: '2026-11-01',
      start_day: 28,
      ending: 'never',
      repeat_num_occurrences: null,
      repeat_end: null,
    });
  });

  it('sends only the field of the chosen ending', () => {
    const base = {
      ...chooseSubcategory(emptyBudgetForm(), { id: 1, name: 'Rent', emoji: '🏠' }),
      amount: '10',
      occurrences: '4',
      endDate: '2027-01-01',
    };
    expect(createBody({ ...base, ending: 'end_after' }, month).body).toMatchObject({
      repeat_num_occurrences: 4,
      repeat_end: null,
    });
    expect(createBody({ ...base, ending: 'end_by' }, month).body).toMatchObject({
      repeat_num_occurrences: null,
      repeat_end: '2027-01-01',
    });
  });

  it('refuses a missing sub-category, a bad amount, interval 0 and day 32 before sending', () => {
    const { body, errors } = createBody(
      { ...emptyBudgetForm(), amount: 'abc', interval: '0', startDay: '32' },
      month,
    );
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual([
      'amount',
      'repeat_interval',
      'start_day',
      'transaction_subcategory_id',
    ]);
  });

  it('refuses an end-by ending without a date', () => {
    const state = {
      ...chooseSubcategory(emptyBudgetForm(), { id: 1, name: 'Rent', emoji: '🏠' }),
      amount: '10',
      ending: 'end_by' as const,
    };
    expect(createBody(state, month).errors.repeat_end).toBeDefined();
  });
});

describe('rollover and regret cap in the budget form (docs/DECISIONS.md #55, #56)', () => {
  const flexible = { ...chooseSubcategory(emptyBudgetForm(), { id: 9, name: 'Dining Out', emoji: '🍽️' }), amount: '200' };

  it('sends rollover and the cap of a flexible budget, blank cap as none', () => {
    expect(createBody({ ...flexible, rollover: true, regretCap: '$1,000' }, month).body).toMatchObject({
      rollover: true,
      regret_cap: 1000,
    });
    expect(createBody(flexible, month).body).toMatchObject({ rollover: false, regret_cap: null });
  });

  it('refuses a cap that is not an amount above zero', () => {
    for (const regretCap of ['0', '-5', 'lots']) {
      expect(createBody({ ...flexible, regretCap }, month).errors.regret_cap).toBeDefined();
    }
  });

  it('sends neither for a bill', () => {
    const body = createBody({ ...flexible, dueInFull: 1, rollover: true, regretCap: 'lots' }, month).body;
    expect(body).not.toBeNull();
    expect(body).not.toHaveProperty('rollover');
    expect(body).not.toHaveProperty('regret_cap');
  });
});
