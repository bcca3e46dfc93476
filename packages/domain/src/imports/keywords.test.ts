import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../ledger/default-categories';
import { categorizeByKeyword, KEYWORD_RULES } from './keywords';

describe('keyword categorization', () => {
  it('names only sub-categories of the default tree, of the right type', () => {
    const types = new Map(DEFAULT_CATEGORIES.flatMap((c) => c.subcategories.map((s) => [s.name, c.type] as const)));
    for (const rule of KEYWORD_RULES) {
      expect(types.get(rule.subcategory), rule.subcategory).toBe(rule.type);
      for (const keyword of rule.keywords) expect(keyword).toMatch(/^[a-z0-9]+(?: [a-z0-9]+)*$/);
    }
  });

  it.each([
    ['SHELL OIL 57442181009 BEAVERTON OR', 'Fuel'],
    ['CHEVRON 0091234', 'Fuel'],
    ['ARCO #42154 AMPM', 'Fuel'],
    ['76 - FUEL STATION', 'Fuel'],
    ['COSTCO GAS #0001', 'Fuel'],
    ['COSTCO WHSE #0123', 'Groceries'],
    ['SAFEWAY 1490', 'Groceries'],
    ["TRADER JOE'S #123", 'Groceries'],
    ['WHOLEFDS PDX 10123', 'Groceries'],
    ['FRED MEYER #0123', 'Groceries'],
    ['STARBUCKS STORE 05123', 'Coffee Shops'],
    ["PEET'S COFFEE", 'Coffee Shops'],
    ['PAYPAL *NETFLIX', 'Streaming Subscriptions'],
    ['Spotify USA', 'Streaming Subscriptions'],
    ['DISNEY PLUS', 'Streaming Subscriptions'],
    ['PGE WEB ONLINE', 'Electric'],
    ['PG&E', 'Electric'],
    ['CON EDISON', 'Electric'],
    ['NW NATURAL', 'Gas & Heating'],
    ['PORTLAND WATER BUREAU', 'Water & Sewer'],
    ['COMCAST CABLE COMM', 'Internet'],
    ['XFINITY MOBILE', 'Internet'],
    ['VERIZON WIRELESS', 'Cell Phone'],
    ['T-MOBILE AUTO PAY', 'Cell Phone'],
    ['AT&T *PAYMENT', 'Cell Phone'],
    ['UBER *TRIP', 'Rideshare & Taxi'],
    ['LYFT *RIDE', 'Rideshare & Taxi'],
    ['UBER *EATS', 'Takeout & Delivery'],
    ['DOORDASH*CHIPOTLE', 'Takeout & Delivery'],
    ["MCDONALD'S F12345", 'Dining Out'],
    ['CHIPOTLE 1234', 'Dining Out'],
    ['AMZN Mktp US*2K3L45J', 'Online Shopping'],
  ])('%s → %s', (payee, subcategory) => {
    expect(categorizeByKeyword(payee)).toBe(subcategory);
  });

  it('reads paychecks as income, and only as income when a type is given', () => {
    expect(categorizeByKeyword('DIRECT DEP ACME CORP', 'income')).toBe('Paycheck');
    expect(categorizeByKeyword('ACME PAYROLL')).toBe('Paycheck');
    expect(categorizeByKeyword('ACME PAYROLL', 'expense')).toBeNull();
    expect(categorizeByKeyword('SAFEWAY', 'income')).toBeNull();
  });

  it('matches whole words only and leaves unknown payees uncategorized', () => {
    expect(categorizeByKeyword('SHELLFISH SHACK')).toBeNull();
    expect(categorizeByKeyword('BARNEY TAILORING')).toBeNull();
    expect(categorizeByKeyword('JANE DOE')).toBeNull();
    expect(categorizeByKeyword('')).toBeNull();
  });
});
