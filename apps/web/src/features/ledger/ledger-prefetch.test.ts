// The ledger's loader asks for its data while its code downloads; the screen then finds the
// answers under its own query keys. A prefetch under another key, or one that went out signed out,
// would cost a request and win nothing, so these check the keys, the URLs and the guard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { accountKeys } from '../accounts/api';
import { transactionKeys } from '../transactions/api';
import { prefetchLedger } from './ledger-prefetch';

function answerEveryRequest(): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map((call) => String(call[0])).sort();

describe('prefetchLedger', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  afterEach(() => {
    endSession();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("asks for the accounts, the URL's month of that account and the accounts' month figures, under the screen's keys", async () => {
    startSession('token-1', testUser(), true);
    const fetchMock = answerEveryRequest();

    prefetchLedger({ accountId: '3', month: '10', year: '2026' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    expect(requested(fetchMock)).toEqual([
      '/api/accounts',
      '/api/accounts/3/transactions/month/10/year/2026',
      '/api/accounts/month/10/year/2026',
    ]);
    const month = { year: 2026, month: 10 };
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(accountKeys.list())).toEqual([]);
      expect(queryClient.getQueryData(transactionKeys.month(3, month))).toEqual([]);
      expect(queryClient.getQueryData(accountKeys.month(month))).toEqual([]);
    });
  });

  it('asks only for the accounts when the URL names no account or no month (/ledger)', async () => {
    startSession('token-1', testUser(), true);
    const fetchMock = answerEveryRequest();

    prefetchLedger({});
    prefetchLedger({ accountId: '3' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());

    expect(requested(fetchMock)).toEqual(['/api/accounts']);
  });

  it('asks for nothing when nobody is signed in (the guard sends the visitor to /login)', () => {
    endSession();
    const fetchMock = answerEveryRequest();

    prefetchLedger({ accountId: '3', month: '10', year: '2026' });

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
