import { describe, expect, it } from 'vitest';
import { accountBodyFrom, accountFormErrors, emptyAccountForm, showsLimit } from './account-form';
import { amountText, parseAmountText } from '../../lib/amount-text';
import { parseShortDate } from '../../components/DateField';

describe('account form', () => {
  it('refuses to save without a type (spec §5)', () => {
    expect(accountFormErrors(emptyAccountForm('2026-11-22'))).toEqual(['Account type is not selected.']);
    expect(accountFormErrors({ ...emptyAccountForm('2026-11-22'), typeId: 2 })).toEqual([]);
  });

  it('writes the balance as a plain number with its date', () => {
    const body = accountBodyFrom({ ...emptyAccountForm('2026-11-22'), name: ' Everyday ', typeId: 2, balance: '$2,510.00' });
    expect(body).toEqual({ name: 'Everyday', currency: 'USD', account_type_id: 2, subtype: null, most_recent_balance: { current_balance: 2510, date: '2026-11-22' } });
  });

  it('sends a limit only for cards: the Credit card type or checking with the credit-card subtype', () => {
    expect(showsLimit({ typeId: 3, cardSubtype: false })).toBe(true);
    expect(showsLimit({ typeId: 2, cardSubtype: true })).toBe(true);
    expect(showsLimit({ typeId: 2, cardSubtype: false })).toBe(false);
    expect(showsLimit({ typeId: 1, cardSubtype: true })).toBe(false);
    const card = accountBodyFrom({ ...emptyAccountForm('2026-11-22'), typeId: 2, cardSubtype: true, balance: '-120', limit: '5000' });
    expect(card.subtype).toBe('credit card');
    expect(card.most_recent_balance).toEqual({ current_balance: -120, limit: 5000, date: '2026-11-22' });
  });
});

describe('amount text and form dates', () => {
  it('parses free-text amounts and rejects what is not a number', () => {
    expect(parseAmountText('1,234.56')).toBe(1234.56);
    expect(parseAmountText(' $84.25 ')).toBe(84.25);
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText('.')).toBeNull();
    expect(parseAmountText('12a')).toBeNull();
    expect(amountText(10)).toBe('10.00');
  });

  it('sends "private" only from a shared book, where there is someone to keep the account from', () => {
    const values = { ...emptyAccountForm('2026-11-22'), name: 'Pocket', typeId: 1, balance: '120', private: true };
    expect(accountBodyFrom(values, true)).toMatchObject({ private: true });
    expect(accountBodyFrom({ ...values, private: false }, true)).toMatchObject({ private: false });
    expect(accountBodyFrom(values)).not.toHaveProperty('private');
  });

  it('reads m/d/Y dates and refuses impossible ones', () => {
    expect(parseShortDate('11/22/2026')).toBe('2026-11-22');
    expect(parseShortDate('2/29/2028')).toBe('2028-02-29');
    expect(parseShortDate('2/30/2026')).toBeNull();
    expect(parseShortDate('2026-11-22')).toBeNull();
  });
});
