/**
 * Push nudges end to end (DECISIONS.md #103): an import or a bank sync lands expenses without a
 * feeling, the sender posts to the stand-in push service, which verifies the VAPID signature and
 * decrypts the aes128gcm body; the notification's token records a feeling once; quiet hours hold
 * a nudge until their end; a dead endpoint is deleted.
 */
import { PUSH_MESSAGES } from '@mindspend/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePlaid, type FakePlaidTransaction, bankLinkTo } from '../../test/fake-plaid';
import { FakePushService } from '../../test/fake-push-service';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

type Payload = {
  kind: string;
  title: string;
  body: string;
  url: string;
  action?: { transaction_id: number; token: string };
};

const csv = (...lines: string[]) => ['Date,Description,Amount', ...lines].join('\n');

describe(`push nudges on ${TEST_DB}`, () => {
  let t: TestApp;
  let push: FakePushService;
  let plaid: FakePlaid;
  let token: string;
  let userId: number;
  let accountId: number;
  let deviceCount = 0;

  beforeAll(async () => {
    push = await FakePushService.start();
    plaid = await FakePlaid.start();
    t = await createTestApp({}, { bankLink: bankLinkTo(plaid) });
    // Only the test's own runs send: a timer's run between an import and a feeling would race it.
    await t.app.push.stop();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
    await plaid.close();
  });

  /** A fresh person with one account and a subscribed device (named `phone-N`), in the daytime. */
  beforeEach(async () => {
    t.clock.set('2026-11-20T12:00:00Z');
    deviceCount += 1;
    ({ token, userId } = await registerUser(t.app, `nudged-${deviceCount}@example.com`));
    accountId = await createAccount(t.app, token);
    await subscribe(`phone-${deviceCount}`);
  });

  const phone = () => `phone-${deviceCount}`;
  async function subscribe(name: string) {
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: push.device(name).subscription,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }
  const received = (name = phone()) => push.to(name) as Payload[];
  const feel = (body: object) => t.app.inject({ method: 'POST', url: '/api/push/feelings', payload: body });
  const feelingOf = async (id: number) =>
    (await asUser(t.app, token, { method: 'GET', url: `/api/transactions/${id}` })).json<{
      emotions: string[];
    }>().emotions;
  const importCsv = async (...lines: string[]) => {
    const { job } = await uploadStatement(t.app, token, accountId, csv(...lines));
    expect(job?.status).toBe('completed');
  };

  it('asks about one imported purchase by name and amount, and its feeling button records the feeling once', async () => {
    await importCsv('11/19/2026,Corner Bar,-38.20', '11/19/2026,Salary,2000.00');
    await t.app.push.run();
    expect(push.refused).toEqual([]);
    const [nudge, ...more] = received();
    expect(more).toEqual([]);
    expect(nudge).toMatchObject({ kind: 'feel', title: 'Corner Bar $38.20 — how did that feel?' });
    const id = nudge?.action?.transaction_id ?? 0;
    expect(nudge?.url).toBe(`/ledger/edit-transaction/${id}`);
    expect(push.delivered.at(-1)?.vapidKey).toBe(t.config.VAPID_PUBLIC_KEY);

    const recorded = await feel({ token: nudge?.action?.token, transaction_id: id, feeling: 'negative' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ transaction_id: id, feeling: 'negative' });
    expect(await feelingOf(id)).toEqual(['negative']);
    // The device shows when it was last reached.
    const [device] = (await asUser(t.app, token, { method: 'GET', url: '/api/push/subscriptions' })).json<{
      subscriptions: Array<{ last_sent_at: string }>;
    }>().subscriptions;
    expect(device?.last_sent_at).toBe('2026-11-20T12:00:00.000Z');

    const replay = await feel({ token: nudge?.action?.token, transaction_id: id, feeling: 'positive' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(PUSH_MESSAGES.tokenInvalid);
    expect(await feelingOf(id)).toEqual(['negative']);
    // Sent once: running the sender again sends nothing more.
    await t.app.push.run();
    expect(received()).toHaveLength(1);
  });

  it('counts several purchases in one nudge, leaving out one given a feeling before it went', async () => {
    await importCsv('11/19/2026,Corner Bar,-38.20', '11/19/2026,Bakery,-4.10', '11/19/2026,Cinema,-12.00');
    const ledger = (
      await asUser(t.app, token, {
        method: 'GET',
        url: `/api/accounts/${accountId}/transactions/month/11/year/2026`,
      })
    ).json<Array<{ id: number; amount: number; date: string; type: string; entity: { name: string } }>>();
    const cinema = ledger.find((row) => row.entity.name === 'Cinema');
    const felt = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${cinema?.id}`,
      payload: { type: 'expense', amount: 12, date: '2026-11-19', emotions: ['positive'] },
    });
    expect(felt.statusCode).toBe(200);
    await t.app.push.run();
    expect(received()).toEqual([
      { kind: 'feel', title: '2 new purchases to feel', body: expect.any(String), url: '/ledger' },
    ]);
  });

  it('sends nothing when every purchase was felt before the nudge went', async () => {
    await importCsv('11/19/2026,Corner Bar,-38.20');
    const [row] = (
      await asUser(t.app, token, {
        method: 'GET',
        url: `/api/accounts/${accountId}/transactions/month/11/year/2026`,
      })
    ).json<Array<{ id: number }>>();
    await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/transactions/${row?.id}`,
      payload: { type: 'expense', amount: 38.2, date: '2026-11-19', emotions: ['neutral'] },
    });
    await t.app.push.run();
    expect(received()).toEqual([]);
  });

  it("asks about a bank sync's new purchase, and counts a later sync's", async () => {
    const tx = (id: string, amount: number, merchant: string): FakePlaidTransaction => ({
      transaction_id: `${deviceCount}-${id}`,
      account_id: 'acc-checking',
      amount,
      date: '2026-11-19',
      name: `CARD ${merchant.toUpperCase()}`,
      merchant_name: merchant,
      pending: false,
    });
    plaid.reset();
    plaid.pushChanges({ added: [tx('coffee', 4.5, 'Blue Bottle')] });
    expect(
      (
        await asUser(t.app, token, {
          method: 'POST',
          url: '/api/institutions',
          payload: { public_token: 'public-sandbox-1', institution_name: 'Chase' },
        })
      ).statusCode,
    ).toBe(201);
    await t.app.push.run();
    const [first] = received();
    expect(first?.title).toBe('Blue Bottle $4.50 — how did that feel?');
    const recorded = await feel({
      token: first?.action?.token,
      transaction_id: first?.action?.transaction_id,
      feeling: 'positive',
    });
    expect(recorded.statusCode).toBe(200);

    plaid.pushChanges({ added: [tx('lunch', 14, 'Noodle Bar'), tx('books', 22.5, 'Powells')] });
    expect(
      (await asUser(t.app, token, { method: 'POST', url: '/api/transactions/import', payload: {} }))
        .statusCode,
    ).toBe(200);
    await t.app.push.run();
    expect(received().map((nudge) => nudge.title)).toEqual([
      'Blue Bottle $4.50 — how did that feel?',
      '2 new purchases to feel',
    ]);
  });

  it("holds a nudge in quiet hours until they end, on the person's own clock", async () => {
    t.clock.set('2026-11-20T22:00:00Z');
    await importCsv('11/20/2026,Late Kebab,-9.00');
    await t.app.push.run();
    t.clock.set('2026-11-21T07:59:00Z');
    await t.app.push.run();
    expect(received()).toEqual([]);
    t.clock.set('2026-11-21T08:00:00Z');
    await t.app.push.run();
    expect(received().map((nudge) => nudge.title)).toEqual(['Late Kebab $9.00 — how did that feel?']);

    // 22:00 UTC is 17:00 in New York: not quiet there.
    expect(
      (
        await asUser(t.app, token, {
          method: 'PATCH',
          url: `/api/users/${userId}`,
          payload: { time_zone: 'America/New_York' },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.set('2026-11-21T22:00:00Z');
    await importCsv('11/21/2026,Diner,-15.00');
    await t.app.push.run();
    expect(received().map((nudge) => nudge.title)).toEqual([
      'Late Kebab $9.00 — how did that feel?',
      'Diner $15.00 — how did that feel?',
    ]);
  });

  it('deletes a device its push service says is gone (410), and still reaches the others', async () => {
    const tablet = `tablet-${deviceCount}`;
    await subscribe(tablet);
    push.answerWith(phone(), 410);
    await importCsv('11/19/2026,Corner Bar,-38.20');
    await t.app.push.run();
    expect(received(tablet)).toHaveLength(1);
    expect(received()).toEqual([]);
    const left = (await asUser(t.app, token, { method: 'GET', url: '/api/push/subscriptions' })).json<{
      subscriptions: unknown[];
    }>().subscriptions;
    expect(left).toHaveLength(1);
  });

  it('tries a failing push service again later, without sending twice to a device it reached', async () => {
    const tablet = `tablet-${deviceCount}`;
    await subscribe(tablet);
    push.answerWith(phone(), 500);
    await importCsv('11/19/2026,Corner Bar,-38.20');
    await t.app.push.run();
    expect(received()).toEqual([]);
    expect(received(tablet)).toHaveLength(1);
    t.clock.advanceMinutes(1);
    await t.app.push.run();
    expect(received()).toHaveLength(1);
    expect(received(tablet)).toHaveLength(1);
  });

  it('gives up on a push service that fails for a day, without retrying in a burst', async () => {
    await asUser(t.app, token, {
      method: 'PUT',
      url: '/api/push/settings',
      payload: { quiet_start: null, quiet_end: null },
    });
    push.answerWith(phone(), ...Array.from({ length: 8 }, () => 500));
    await importCsv('11/19/2026,Corner Bar,-38.20');
    const nudge = () =>
      t.database.db
        .selectFrom('push_nudges')
        .select(['status', 'attempts'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    await t.app.push.run();
    // The second try waits its minute: running again at once tries nothing.
    await t.app.push.run();
    expect(await nudge()).toEqual({ status: 'pending', attempts: 1 });
    for (let hour = 0; hour < 30; hour += 1) {
      t.clock.advanceMinutes(60);
      await t.app.push.run();
    }
    expect(await nudge()).toEqual({ status: 'failed', attempts: 8 });
    expect(received()).toEqual([]);
  });

  it('refuses an expired token, an unknown one and one of another purchase, writing nothing', async () => {
    await importCsv('11/19/2026,Corner Bar,-38.20');
    await t.app.push.run();
    await importCsv('11/19/2026,Bakery,-4.10');
    await t.app.push.run();
    const [bar, bakery] = received();
    const barId = bar?.action?.transaction_id ?? 0;
    const bakeryId = bakery?.action?.transaction_id ?? 0;

    const other = await feel({ token: bar?.action?.token, transaction_id: bakeryId, feeling: 'negative' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(PUSH_MESSAGES.tokenOtherPurchase);
    const unknown = await feel({ token: 'x'.repeat(43), transaction_id: barId, feeling: 'negative' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PUSH_MESSAGES.tokenInvalid);
    t.clock.advanceMinutes(24 * 60 + 1);
    const expired = await feel({
      token: bakery?.action?.token,
      transaction_id: bakeryId,
      feeling: 'negative',
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(PUSH_MESSAGES.tokenInvalid);
    expect(await feelingOf(barId)).toEqual([]);
    expect(await feelingOf(bakeryId)).toEqual([]);
    // The token of the other purchase was not spent by the refusal: within its day it still works.
    t.clock.set('2026-11-20T13:00:00Z');
    expect(
      (await feel({ token: bar?.action?.token, transaction_id: barId, feeling: 'mixed' })).statusCode,
    ).toBe(200);
    expect(await feelingOf(barId)).toEqual(['mixed']);
  });

  it('queues nothing for a person without a device', async () => {
    const { token: quiet } = await registerUser(t.app, `no-device-${deviceCount}@example.com`);
    const account = await createAccount(t.app, quiet);
    const before = (await t.database.db.selectFrom('push_nudges').select('id').execute()).length;
    await uploadStatement(t.app, quiet, account, csv('11/19/2026,Corner Bar,-38.20'));
    expect((await t.database.db.selectFrom('push_nudges').select('id').execute()).length).toBe(before);
  });
});
