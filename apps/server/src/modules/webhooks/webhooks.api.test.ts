/**
 * Outbound webhooks (issue 35; DECISIONS.md #94) against a receiver on 127.0.0.1: what is sent,
 * how it is signed, when it is tried again, when it gives up, and who may manage webhooks.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_OWNER_ONLY, WEBHOOK_MESSAGES } from '@mindspend/api-contract';
import { type FakeAnswer, type FakeRequest, type FakeServer, startFakeServer } from '../../test/fake-server';
import { createAccount, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';
import { TokenCipher } from '../../lib/token-cipher';
import { GAVE_UP_REASON, SECRET_UNREADABLE } from './webhook-delivery';

interface Delivered {
  id: string;
  event: string;
  book_id: number;
  created_at: string;
  data: Record<string, unknown>;
}

/** What the receiver got: each request's headers and parsed body. */
interface Received {
  headers: FakeRequest['headers'];
  raw: string;
  body: Delivered;
}

describe(`outbound webhooks on ${TEST_DB}`, () => {
  let t: TestApp;
  let receiver: FakeServer;
  let received: Received[] = [];
  /** What the receiver answers next; 200 unless a test says otherwise. */
  let answer: () => FakeAnswer = () => ({ status: 200, body: { ok: true } });
  let owner: { token: string; userId: number; bookId: number };
  let accountId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    receiver = await startFakeServer((request) => {
      received.push({
        headers: request.headers,
        raw: request.raw,
        body: JSON.parse(request.raw) as Delivered,
      });
      return answer();
    });
    owner = await registerUser(t.app, 'hooks-owner@example.com');
    accountId = await createAccount(t.app, owner.token, { name: 'Everyday' });
    ids = await subcategoryIds(t.app, owner.token);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    // Each test starts with no webhook and an empty receiver.
    await t.database.db.deleteFrom('webhooks').execute();
    received = [];
    answer = () => ({ status: 200, body: { ok: true } });
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = owner.token,
  ) =>
    asUser(t.app, token, {
      method,
      url,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });

  async function addWebhook(events: string[], extra: Record<string, unknown> = {}) {
    const response = await call('POST', '/api/webhooks', { url: `${receiver.url}/hooks`, events, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; secret: string; enabled: boolean }>();
  }

  async function spend(amount: number, extra: Record<string, unknown> = {}) {
    const response = await call('POST', `/api/accounts/${accountId}/transactions`, {
      type: 'expense',
      amount,
      date: '2026-11-19',
      description: 'Corner Shop',
      emotion_names: ['negative'],
      subcategories: [{ id: ids.Groceries }],
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  const deliveries = async (webhookId: number) =>
    (await call('GET', `/api/webhooks/${webhookId}/deliveries`)).json<{
      deliveries: {
        status: string;
        attempts: number;
        response_status: number | null;
        error: string | null;
        next_attempt_at: string | null;
      }[];
    }>().deliveries;

  it('sends a new transaction, signed with the secret shown once, without anyone’s feelings', async () => {
    const hook = await addWebhook(['transaction.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db
      .selectFrom('webhooks')
      .select('secret_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(hook.secret);
    const listed = await call('GET', '/api/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(hook.secret);

    const transactionId = await spend(12.5);
    await t.app.webhooks.drain();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.headers['mindspend-event']).toBe('transaction.created');
    expect(delivery?.body).toMatchObject({
      event: 'transaction.created',
      book_id: owner.bookId,
      data: {
        id: transactionId,
        account_id: accountId,
        amount: 12.5,
        currency: 'USD',
        description: 'Corner Shop',
        type: 'expense',
      },
    });
    expect(delivery?.raw).not.toContain('negative');
    const [, timestamp, digest] =
      /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery?.headers['mindspend-signature'])) ?? [];
    const expected = createHmac('sha256', hook.secret).update(`${timestamp}.${delivery?.raw}`).digest('hex');
    expect(digest).toBe(expected);
    expect(Number(timestamp)).toBe(Date.parse('2026-11-20T12:00:00Z') / 1000);

    expect(await deliveries(hook.id)).toMatchObject([
      { status: 'delivered', attempts: 1, response_status: 200, error: null },
    ]);
    expect((await call('GET', '/api/webhooks')).json().webhooks[0]).toMatchObject({
      last_delivery: { status: 'delivered', response_status: 200 },
    });
  });

  it('sends only the events a webhook chose, and an edit and a deletion as they happen', async () => {
    await addWebhook(['transaction.updated', 'transaction.deleted'], {
      secret: 'a-secret-of-my-own-choosing',
    });
    const transactionId = await spend(20);
    await t.app.webhooks.drain();
    expect(received).toEqual([]);

    const edited = await call('PUT', `/api/transactions/${transactionId}`, {
      type: 'expense',
      amount: 25,
      date: '2026-11-19',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('DELETE', `/api/transactions/${transactionId}`)).statusCode).toBe(204);
    await t.app.webhooks.drain();

    expect(received.map((delivery) => delivery.body.event).sort()).toEqual([
      'transaction.deleted',
      'transaction.updated',
    ]);
    expect(
      received.find((delivery) => delivery.body.event === 'transaction.updated')?.body.data,
    ).toMatchObject({ id: transactionId, amount: 25 });
    expect(received.find((delivery) => delivery.body.event === 'transaction.deleted')?.body.data).toEqual({
      id: transactionId,
    });
    const signature = String(received[0]?.headers['mindspend-signature']);
    const [, timestamp, digest] = /^t=(\d+),v1=(\w+)$/.exec(signature) ?? [];
    expect(
      createHmac('sha256', 'a-secret-of-my-own-choosing')
        .update(`${timestamp}.${received[0]?.raw}`)
        .digest('hex'),
    ).toBe(digest);
  });

  it('queues nothing for a write that is refused', async () => {
    const hook = await addWebhook(['transaction.created']);
    const refused = await call('POST', `/api/accounts/${accountId}/transactions`, {
      type: 'expense',
      amount: 5,
      date: '2026-11-19',
      subcategories: [{ id: 999_999 }],
    });
    expect(refused.statusCode).toBe(422);
    await t.app.webhooks.drain();
    expect(received).toEqual([]);
    expect(await deliveries(hook.id)).toEqual([]);
  });

  it('tries a failing receiver again later, and delivers once it answers', async () => {
    const hook = await addWebhook(['transaction.created']);
    answer = () => ({ status: 503, body: { busy: true } });
    await spend(7);
    await t.app.webhooks.drain();
    expect(await deliveries(hook.id)).toMatchObject([
      {
        status: 'pending',
        attempts: 1,
        response_status: 503,
        error: 'The receiver answered 503 Service Unavailable.',
        next_attempt_at: '2026-11-20T12:01:00.000Z',
      },
    ]);

    answer = () => ({ status: 204, body: null });
    await t.app.webhooks.drain();
    expect(received).toHaveLength(1);
    t.clock.advanceMinutes(1);
    await t.app.webhooks.drain();
    expect(received).toHaveLength(2);
    expect(received[1]?.body.id).toBe(received[0]?.body.id);
    expect(await deliveries(hook.id)).toMatchObject([
      { status: 'delivered', attempts: 2, response_status: 204 },
    ]);
    t.clock.set('2026-11-20T12:00:00Z');
  });

  it('gives up after a day, turns the webhook off and tells its maker, until it is turned back on', async () => {
    const hook = await addWebhook(['transaction.created']);
    answer = () => ({ status: 500, body: {} });
    await spend(9);
    for (let hour = 0; hour <= 24; hour += 1) {
      await t.app.webhooks.drain();
      t.clock.advanceMinutes(60);
    }
    await t.app.webhooks.drain();
    expect(received).toHaveLength(8);
    expect(await deliveries(hook.id)).toMatchObject([
      { status: 'failed', attempts: 8, next_attempt_at: null },
    ]);
    const [listed] = (await call('GET', '/api/webhooks')).json<{
      webhooks: { enabled: boolean; disabled_reason: string | null }[];
    }>().webhooks;
    expect(listed).toMatchObject({ enabled: false, disabled_reason: GAVE_UP_REASON });
    const notices = await call('GET', '/api/notifications');
    expect(notices.body).toContain('A webhook was turned off');

    await spend(3);
    await t.app.webhooks.drain();
    expect(received).toHaveLength(8);

    answer = () => ({ status: 200, body: {} });
    const turnedOn = await call('PATCH', `/api/webhooks/${hook.id}`, { enabled: true });
    expect(turnedOn.json()).toMatchObject({ enabled: true, disabled_reason: null });
    await spend(4);
    await t.app.webhooks.drain();
    expect(received).toHaveLength(9);
    t.clock.set('2026-11-20T12:00:00Z');
  });

  it('sends one import.completed per statement, with its counts', async () => {
    await addWebhook(['import.completed', 'transaction.created']);
    const csv = ['Date,Description,Amount', '11/02/2026,SHELL OIL,-38.10', '11/03/2026,STARBUCKS,-5.75'].join(
      '\n',
    );
    const { job } = await uploadStatement(t.app, owner.token, accountId, csv);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 2 });
    await t.app.webhooks.drain();
    expect(received.map((delivery) => delivery.body.event)).toEqual(['import.completed']);
    expect(received[0]?.body.data).toMatchObject({
      account_id: accountId,
      rows_read: 2,
      imported: 2,
      duplicates_skipped: 0,
    });
  });

  it('tells when a purchase moves a budget of this month over', async () => {
    const budget = await call('POST', '/api/budgets', {
      transaction_subcategory_id: ids['Dining Out'],
      amount: 50,
      repeat_start: '2026-11-01',
    });
    expect(budget.statusCode).toBe(201);
    await addWebhook(['budget.status_changed']);
    const budgetId = budget.json<{ id: number }>().id;
    await spend(30, { subcategories: [{ id: ids['Dining Out'] }] });
    await t.app.webhooks.drain();
    expect(received.map((delivery) => delivery.body.data)).toEqual([
      {
        budget_id: budgetId,
        name: 'Dining Out',
        year: 2026,
        month: 11,
        previous_status: 'PENDING',
        status: 'Under Budget',
      },
    ]);

    // Still under: no event.
    await spend(10, { subcategories: [{ id: ids['Dining Out'] }] });
    await t.app.webhooks.drain();
    expect(received).toHaveLength(1);

    await spend(30, { subcategories: [{ id: ids['Dining Out'] }] });
    await t.app.webhooks.drain();
    expect(received.map((delivery) => delivery.body.data)[1]).toEqual({
      budget_id: budgetId,
      name: 'Dining Out',
      year: 2026,
      month: 11,
      previous_status: 'Under Budget',
      status: 'Over Budget',
    });
  });

  it('refuses a URL, an event list or a secret that cannot work, saying why', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '', events: ['transaction.created'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [
        { url: 'ftp://example.com/hooks', events: ['transaction.created'] },
        'url',
        WEBHOOK_MESSAGES.urlInvalid,
      ],
      [{ url: 'https://example.com/hooks', events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [
        { url: 'https://example.com/hooks', events: ['transaction.created'], secret: 'short' },
        'secret',
        WEBHOOK_MESSAGES.secretLength,
      ],
      [
        { url: 'https://user:pass@example.com/hooks', events: ['transaction.created'] },
        'url',
        'Put no user name or password in the URL; check the signature header instead.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/webhooks', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const unknownEvent = await call('POST', '/api/webhooks', {
      url: 'https://example.com/hooks',
      events: ['account.created'],
    });
    expect(unknownEvent.statusCode).toBe(422);
    expect(await t.database.db.selectFrom('webhooks').selectAll().execute()).toEqual([]);
  });

  it('lets only an owner of the book manage its webhooks, and never another book’s', async () => {
    const hook = await addWebhook(['transaction.created']);
    const stranger = await registerUser(t.app, 'hooks-stranger@example.com');
    expect(
      (await call('GET', `/api/webhooks/${hook.id}/deliveries`, undefined, stranger.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/webhooks/${hook.id}`, { enabled: false }, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/webhooks/${hook.id}`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/webhooks', undefined, stranger.token)).json()).toEqual({ webhooks: [] });

    const shared = (await call('POST', '/api/books', { name: 'Household' })).json<{ id: number }>().id;
    const editor = await registerUser(t.app, 'hooks-editor@example.com');
    await t.database.db
      .insertInto('book_members')
      .values({
        book_id: shared,
        user_id: editor.userId,
        role: 'editor',
        joined_at: new Date().toISOString(),
      })
      .execute();
    const inShared = { 'mindspend-book': String(shared) };
    const asEditor = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      asUser(t.app, editor.token, { method, url, headers: inShared, ...(payload && { payload }) });
    const list = await asEditor('GET', '/api/webhooks');
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(BOOK_OWNER_ONLY);
    expect(
      (
        await asEditor('POST', '/api/webhooks', {
          url: 'https://example.com/h',
          events: ['transaction.created'],
        })
      ).statusCode,
    ).toBe(403);

    expect((await call('DELETE', `/api/webhooks/${hook.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/webhooks')).json()).toEqual({ webhooks: [] });
  });

  it('turns a webhook off, saying why, when its secret was sealed under a key the server no longer has', async () => {
    const hook = await addWebhook(['transaction.created']);
    const other = new TokenCipher('another-servers-key-of-at-least-32-characters', {
      salt: 'mindspend-webhooks',
      info: 'webhook-secret-encryption-v1',
    });
    await t.database.db
      .updateTable('webhooks')
      .set({ secret_sealed: other.encrypt(hook.secret) })
      .where('id', '=', hook.id)
      .execute();
    await spend(6);
    await t.app.webhooks.drain();
    expect(received).toEqual([]);
    expect(await deliveries(hook.id)).toMatchObject([{ status: 'failed', error: SECRET_UNREADABLE }]);
    expect((await call('GET', '/api/webhooks')).json().webhooks[0]).toMatchObject({
      enabled: false,
      disabled_reason: SECRET_UNREADABLE,
    });
  });

  it('turning a webhook off ends what it was still to send', async () => {
    const hook = await addWebhook(['transaction.created']);
    answer = () => ({ status: 500, body: {} });
    await spend(2);
    await t.app.webhooks.drain();
    expect((await call('PATCH', `/api/webhooks/${hook.id}`, { enabled: false })).json()).toMatchObject({
      enabled: false,
      disabled_reason: null,
    });
    t.clock.advanceMinutes(5);
    await t.app.webhooks.drain();
    expect(received).toHaveLength(1);
    expect(await deliveries(hook.id)).toMatchObject([
      { status: 'failed', error: 'Not sent: the webhook was turned off.' },
    ]);
    t.clock.set('2026-11-20T12:00:00Z');
  });
});
