import { describe, expect, it } from 'vitest';
import { USD, currencyCode } from '@mindspend/domain';
import { emptyPauseForm, pauseBodyOf, pauseFormErrors, pauseFormErrorsFromApi, payeeText, withPayeeTyped } from './pause-form';
import { pausePrefillOf, pausePrefillState } from './pause-prefill';

const EUR = currencyCode('EUR');

const entities = [
  { id: 4, name: 'Sound Shop' },
  { id: 7, name: 'Green Grocer' },
];

describe('the pause form', () => {
  it("asks for a payee and an amount with the contract's messages, and checks the typed amount and cooling-off", () => {
    expect(pauseFormErrors(emptyPauseForm(), 'en-US', USD)).toEqual({
      payee: 'Say where you would buy it: choose a payee or type a name.',
      amount: 'The amount field is required.',
    });
    const typed = { ...emptyPauseForm(), payee: 'Sound Shop', amount: '180' };
    expect(pauseFormErrors(typed, 'en-US', USD)).toEqual({});
    expect(pauseFormErrors({ ...typed, amount: '12,34' }, 'en-US', USD).amount).toBeDefined();
    expect(pauseFormErrors({ ...typed, coolingOffDays: 31 }, 'en-US', USD).coolingOffDays).toBe(
      'The cooling-off period must be a whole number of days from 1 to 30.',
    );
  });

  it("chooses the book's payee when the typed name is one of them, in any case, else keeps the new name", () => {
    const known = withPayeeTyped(emptyPauseForm(), 'sound shop', entities);
    expect(known).toMatchObject({ payee: 'sound shop', entityId: 4 });
    expect(pauseBodyOf({ ...known, amount: '180' }, 'en-US', USD)).toMatchObject({ entity_id: 4, amount: 180 });
    const fresh = withPayeeTyped(emptyPauseForm(), '  Vinyl Corner ', entities);
    expect(fresh.entityId).toBeNull();
    expect(pauseBodyOf({ ...fresh, amount: '1.234,50' }, 'de-DE', EUR)).toEqual({
      payee: 'Vinyl Corner',
      amount: 1234.5,
      subcategory_id: null,
      payment_method: null,
      note: null,
      cooling_off_days: null,
    });
  });

  it('sends the note trimmed and a cooling-off of its own only when one was typed', () => {
    const values = { ...emptyPauseForm(), payee: 'Sound Shop', amount: '180', note: ' headphones ', coolingOffDays: 1 as const, subcategoryId: 9 };
    expect(pauseBodyOf(values, 'en-US', USD)).toMatchObject({ note: 'headphones', cooling_off_days: 1, subcategory_id: 9 });
  });

  it('shows a prefilled payee by its name once the payees are known', () => {
    const values = emptyPauseForm({ entityId: 7, amount: '42.50', categoryId: 2, subcategoryId: 9, paymentMethod: 'cash', note: 'veg box' });
    expect(payeeText(values, [])).toBe('');
    expect(payeeText(values, entities)).toBe('Green Grocer');
    expect(values).toMatchObject({ amount: '42.50', subcategoryId: 9, paymentMethod: 'cash', note: 'veg box', coolingOffDays: '' });
  });

  it("puts a 422's field errors under their fields, the payee's two wire fields under the one box", () => {
    expect(pauseFormErrorsFromApi({ entity_id: ['The selected payee does not exist.'], cooling_off_days: ['Too long.', 'Second'] })).toEqual({
      payee: 'The selected payee does not exist.',
      coolingOffDays: 'Too long.',
    });
    expect(pauseFormErrorsFromApi({ something_else: ['No.'] })).toEqual({});
  });
});

describe('what Add Transaction hands over', () => {
  it('survives the trip through the location state and drops what has the wrong shape', () => {
    const prefill = { entityId: 4, amount: '180', categoryId: null, subcategoryId: 9, paymentMethod: 'credit_card' as const, note: 'headphones' };
    expect(pausePrefillOf(pausePrefillState(prefill))).toEqual(prefill);
    expect(pausePrefillOf(null)).toBeNull();
    expect(pausePrefillOf({ other: 1 })).toBeNull();
    expect(pausePrefillOf({ pausePrefill: { entityId: 'x', amount: 5, paymentMethod: 'gold', note: null } })).toEqual({
      entityId: null,
      amount: '',
      categoryId: null,
      subcategoryId: null,
      paymentMethod: null,
      note: '',
    });
  });
});
