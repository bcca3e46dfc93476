import { describe, expect, it } from 'vitest';
import { account } from '../../test/account-fixture';
import { canGoToNextMonth, idFromParam, ledgerMonthPath, monthFromParams, resolveAccount } from './ledger-paths';

describe('ledger routes', () => {
  it('builds the account-and-month path', () => {
    expect(ledgerMonthPath(4, { year: 2026, month: 3 })).toBe('/ledger/accounts/4/month/3/year/2026');
  });

  it('reads real months and ids only', () => {
    expect(monthFromParams('11', '2026')).toEqual({ year: 2026, month: 11 });
    expect(monthFromParams('13', '2026')).toBeNull();
    expect(monthFromParams('0', '2026')).toBeNull();
    expect(monthFromParams('x', '2026')).toBeNull();
    expect(monthFromParams(undefined, undefined)).toBeNull();
    expect(idFromParam('12')).toBe(12);
    expect(idFromParam('12abc')).toBeNull();
    expect(idFromParam(undefined)).toBeNull();
  });

  it('auto-selects the first account and flags an unknown one for URL replacement', () => {
    const accounts = [account({ id: 1 }), account({ id: 2, name: 'Savings' })];
    expect(resolveAccount(accounts, 2)).toEqual({ account: accounts[1], unknown: false });
    expect(resolveAccount(accounts, null)).toEqual({ account: accounts[0], unknown: false });
    expect(resolveAccount(accounts, 99)).toEqual({ account: accounts[0], unknown: true });
    expect(resolveAccount([], 99)).toEqual({ account: null, unknown: true });
  });

  it('disables next month once the shown month is the current one', () => {
    expect(canGoToNextMonth({ year: 2026, month: 10 }, { year: 2026, month: 11 })).toBe(true);
    expect(canGoToNextMonth({ year: 2025, month: 12 }, { year: 2026, month: 1 })).toBe(true);
    expect(canGoToNextMonth({ year: 2026, month: 11 }, { year: 2026, month: 11 })).toBe(false);
    expect(canGoToNextMonth({ year: 2027, month: 1 }, { year: 2026, month: 11 })).toBe(false);
  });
});
