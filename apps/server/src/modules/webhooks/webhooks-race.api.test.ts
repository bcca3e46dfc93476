/**
 * Webhook deliveries sent by two server processes at once (PostgreSQL; on SQLite one process races
 * itself): writes racing on both queue one delivery each, every delivery reaches the receiver
 * exactly once however the senders race, and a webhook that gives up on two deliveries at once
 * is turned off with one notice (DECISIONS.md #94).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeServer, startFakeServer } from '../../test/fake-server';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`racing webhook senders on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  let receiver: FakeServer;
  const received: { event: string; data: { id: number } }[] = [];
  let answer: FakeAnswer = { status: 200, body: {} };

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    t.clock.set('2026-11-20T12:00:00Z');
    receiver = await startFakeServer((request) => {
      received.push(JSON.parse(request.raw) as { event: string; data: { id: number } });
      return answer;
    });
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
    await receiver.close();
  });

  const apps = () => [t.app, second.app];

  it('delivers each of forty racing writes exactly once', async () => {
    const { token } = await registerUser(t.app, 'hooks-race@example.com');
    const accountId = await createAccount(t.app, token);
    const hook = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${receiver.url}/in`, events: ['transaction.created'] },
    });
    expect(hook.statusCode).toBe(201);

    const writes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        asUser(apps()[i % 2]!, token, {
          method: 'POST',
          url: `/api/accounts/${accountId}/transactions`,
          payload: { type: 'expense', amount: i + 1, date: '2026-11-19' },
        }),
      ),
    );
    expect(writes.map((write) => write.statusCode)).toEqual(Array(40).fill(201));
    // Both senders look at once, several times over, besides the runs the writes started.
    for (let round = 0; round < 3; round += 1) await Promise.all(apps().map((app) => app.webhooks.drain()));

    const sent = received
      .filter((delivery) => delivery.event === 'transaction.created')
      .map((delivery) => delivery.data.id);
    const created = writes.map((write) => write.json<{ id: number }>().id);
    expect([...sent].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
  });

  it('turns a webhook off once, with one notice, when two deliveries give up at once', async () => {
    const { token } = await registerUser(t.app, 'hooks-race-off@example.com');
    const accountId = await createAccount(t.app, token);
    const hook = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${receiver.url}/in`, events: ['transaction.created'] },
    });
    answer = { status: 500, body: {} };
    for (const amount of [1, 2]) {
      await asUser(t.app, token, {
        method: 'POST',
        url: `/api/accounts/${accountId}/transactions`,
        payload: { type: 'expense', amount, date: '2026-11-19' },
      });
    }
    // Every try but the last, then the last on both processes at once.
    for (let hour = 0; hour < 24; hour += 1) {
      await t.app.webhooks.drain();
      t.clock.advanceMinutes(60);
    }
    await Promise.all(apps().map((app) => app.webhooks.drain()));

    const deliveries = await asUser(t.app, token, {
      method: 'GET',
      url: `/api/webhooks/${hook.json<{ id: number }>().id}/deliveries`,
    });
    // Whichever gave up first ended the other, if it had not given up too.
    const statuses = deliveries
      .json<{ deliveries: { status: string }[] }>()
      .deliveries.map((delivery) => delivery.status);
    expect(statuses).toEqual(['failed', 'failed']);
    const notices = await asUser(t.app, token, { method: 'GET', url: '/api/notifications' });
    const turnedOff = notices
      .json<{ notifications: { title: string }[] }>()
      .notifications.filter((notice) => notice.title === 'A webhook was turned off');
    expect(turnedOff).toHaveLength(1);
  });
});
