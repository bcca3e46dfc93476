/**
 * Two server instances with their own pools over one database (DECISIONS.md #111): the same
 * return from the bank posted to both at once links the bank once; the other is refused. Only
 * PostgreSQL can be shared by two instances; on SQLite one process writes (enable-banking.api.test.ts
 * races two callbacks on one instance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEnableBanking, enableBankingLink } from '../../test/fake-enable-banking';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe.runIf(TEST_DB === 'postgres')('Enable Banking callbacks racing on two instances', () => {
  let fake: FakeEnableBanking;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    fake = await FakeEnableBanking.start();
    first = await createTestApp({}, { bankLink: enableBankingLink(fake) });
    second = await createTestApp({}, { bankLink: enableBankingLink(fake), shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake?.close();
  });

  it('links the bank once when one state is posted to both instances at the same time', async () => {
    const { token, bookId } = await registerUser(first.app, 'eb-race@example.com');
    const started = await asUser(first.app, token, { method: 'POST', url: '/api/institutions/enable-banking/start', payload: { country: 'FI', bank: 'Nordea' } });
    const back = await fake.approve(started.json<{ url: string }>().url);
    const post = (t: TestApp) => asUser(t.app, token, { method: 'POST', url: '/api/institutions/enable-banking/callback', payload: back });
    const answers = await Promise.all([post(first), post(second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const links = await first.database.db.selectFrom('linked_institutions').select('id').where('book_id', '=', bookId).execute();
    expect(links).toHaveLength(1);
    // The code was spent once only: the refused one never reached Enable Banking.
    expect(fake.callsTo(/^\/sessions$/)).toHaveLength(1);
  });
});
