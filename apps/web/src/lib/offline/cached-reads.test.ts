import { describe, expect, it } from 'vitest';
import { isOfflineReadable } from './cached-reads';

describe('answers saved for offline reading', () => {
  it('keeps what the ledger months, the budgets month and the accounts list draw from', () => {
    for (const path of [
      '/accounts',
      '/accounts/month/11/year/2026',
      '/accounts/42/transactions/month/3/year/2026',
      '/budgets/month/11/year/2026',
      '/budgets/7/transactions/month/11/year/2026',
      '/budgets/7',
      '/transactions/categories/expenses',
      '/transactions/categories/income',
      '/transactions/entities',
      '/month',
    ]) {
      expect(isOfflineReadable(`/api${path}`), path).toBe(true);
    }
  });

  it('never keeps the profile, subscription, notifications, imports, insights or exports', () => {
    for (const path of [
      '/user',
      '/subscription',
      '/notifications',
      '/imports/3',
      '/insights/month/11/year/2026',
      '/goals',
      '/institutions',
      '/transactions/export',
      '/transactions/12',
      '/accounts/42/transactions/month/3/year/2026/extra',
      '/budgets/search',
    ]) {
      expect(isOfflineReadable(`/api${path}`), path).toBe(false);
      expect(isOfflineReadable(path), `${path} outside /api`).toBe(false);
    }
  });
});
