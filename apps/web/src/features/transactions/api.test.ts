import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { accountKeys } from '../accounts/api';
import { invalidateRemovedTransaction, transactionKeys } from './api';

afterEach(() => queryClient.clear());

describe('invalidateRemovedTransaction', () => {
  it('refreshes the month lists and the accounts but leaves the removed transaction alone (asking again gives a 404)', async () => {
    const month = transactionKeys.month(1, { year: 2026, month: 11 });
    queryClient.setQueryData(transactionKeys.one(7), { id: 7 });
    queryClient.setQueryData(transactionKeys.one(8), { id: 8 });
    queryClient.setQueryData(month, []);
    queryClient.setQueryData(accountKeys.all, []);

    await invalidateRemovedTransaction(7);

    const invalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalid(transactionKeys.one(7))).toBe(false);
    expect(invalid(transactionKeys.one(8))).toBe(true);
    expect(invalid(month)).toBe(true);
    expect(invalid(accountKeys.all)).toBe(true);
  });
});
