/**
 * "Sync now" and a sync already running on the same link (DECISIONS.md #106, link-lease.ts): the
 * person's sync waits for the other to finish, then runs from where it left off, never beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeJobLease, holdJobLease } from '../../db/job-leases';
import { FakeSimpleFin, at, simplefinLink } from '../../test/fake-simplefin';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`"Sync now" beside a running sync on ${TEST_DB}`, () => {
  let fake: FakeSimpleFin;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeSimpleFin.start();
    t = await createTestApp({}, { bankLink: simplefinLink() });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('waits for the other sync to let go of the link, then syncs once, from the link as it was left', async () => {
    const { token } = await registerUser(t.app, 'sync-now-lease@example.com');
    const linked = await asUser(t.app, token, { method: 'POST', url: '/api/institutions/simplefin', payload: { setup_token: fake.setupToken() } });
    expect(linked.statusCode).toBe(201);
    const { id } = linked.json<{ id: number }>();
    fake.addTransaction('ACT-checking', { id: 'TRN-late', posted: at('2026-11-28T10:00:00Z'), amount: '-9.99', description: 'BOOKS' });
    const fetchesBefore = fake.callsTo('/simplefin/accounts').length;

    // Another process's sync holds the link's lease.
    // The app's clock, which the lease is compared against.
    const now = t.clock.now();
    expect(await takeJobLease(t.database.db, `bank-sync:${id}`, 'other-process', now.toISOString(), new Date(now.getTime() + 60_000).toISOString())).toBe(true);
    let answered = false;
    const syncNow = asUser(t.app, token, { method: 'POST', url: '/api/transactions/import', payload: { institution_id: id } }).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(answered, 'answered while the other sync still held the link').toBe(false);
    expect(fake.callsTo('/simplefin/accounts').length, 'asked the Bridge beside the other sync').toBe(fetchesBefore);

    await holdJobLease(t.database.db, `bank-sync:${id}`, 'other-process', t.clock.now().toISOString());
    const response = await syncNow;
    expect(response.statusCode).toBe(200);
    expect(response.json<{ imported: number }>().imported).toBe(1);
    expect(fake.callsTo('/simplefin/accounts').length).toBe(fetchesBefore + 1);
  });
});
