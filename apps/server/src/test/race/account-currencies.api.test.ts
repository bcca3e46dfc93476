/**
 * Racing writes of accounts in their own currency (issue 27, DECISIONS.md #90) on real server
 * processes: a rate entered while purchases of its day are being recorded converts every one of
 * them, whichever process wrote it; and a new base currency racing a new account leaves no
 * account behind in the old one.
 */
import { type Account, type Transaction, transactionSchema } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from './fixtures';
import { Api, type Cluster, TEST_DB, buildServer, expectNoServerErrors, startCluster } from './harness';

const ROUNDS = 8;
const PURCHASES_PER_ROUND = 3;

describe(`racing writes in other currencies on ${TEST_DB}`, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  it(`converts every purchase at the rate that holds once a racing rate is in, ${ROUNDS} rounds`, async () => {
    const api = await Api.signUp(cluster, 'race-rates@example.com');
    const euros = idOf(
      await api.send('POST', '/accounts', { name: 'Girokonto', account_type_id: 2, currency: 'EUR', most_recent_balance: { current_balance: 500, date: '2026-11-01' } }, 201),
    );
    await api.send('PUT', '/fx-rates/EUR/2026-11-01', { rate: '1.05' }, 200);
    const stale: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const rate = `1.${String(100 + round)}`;
      // One process records the day's purchases while the other enters the day's rate.
      await Promise.all([
        api.call('PUT', '/fx-rates/EUR/2026-11-10', { json: { rate }, via: 0 }),
        ...Array.from({ length: PURCHASES_PER_ROUND }, () =>
          api.call('POST', `/accounts/${euros}/transactions`, { json: { type: 'expense', amount: 20, date: '2026-11-10' }, via: 1 }),
        ),
      ]);
      const rows = transactionSchema.array().parse(await api.get(`/accounts/${euros}/transactions/month/11/year/2026`));
      const expected = Number((20 * Number(rate)).toFixed(2));
      for (const row of rows as Transaction[]) {
        if (row.fx_rate !== rate || row.base_amount !== expected) stale.push(`round ${round}: #${row.id} at ${row.fx_rate} is ${row.base_amount}, not ${expected}`);
      }
      expect(rows).toHaveLength(round * PURCHASES_PER_ROUND);
    }
    expect(stale).toEqual([]);
    expectNoServerErrors(api);
  });

  it(`leaves every account in the base currency when a new base races a new account, ${ROUNDS} rounds`, async () => {
    const api = await Api.signUp(cluster, 'race-base@example.com');
    const books = (await api.get('/books')) as { books: Array<{ id: number; personal: boolean }> };
    const bookId = books.books.find((book) => book.personal)?.id;
    const bases = ['GBP', 'USD'];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const base = bases[round % 2];
      const [patched, created] = await Promise.all([
        api.call('PATCH', `/books/${bookId}`, { json: { base_currency: base }, via: 0 }),
        api.call('POST', '/accounts', { json: { name: `Account ${round}`, account_type_id: 2, most_recent_balance: { current_balance: 10, date: '2026-11-01' } }, via: 1 }),
      ]);
      expect(patched.status).toBe(200);
      expect(created.status).toBe(201);
      const accounts = (await api.get('/accounts')) as Account[];
      expect(accounts.map((account) => account.currency)).toEqual(accounts.map(() => base));
    }
    expectNoServerErrors(api);
  });
});
