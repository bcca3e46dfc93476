/**
 * A person's devices and quiet hours for push nudges (DECISIONS.md #103): subscribing, listing,
 * removing, another person's device, the endpoint rules of production, and bad input, each a
 * clear 4xx with nothing written.
 */
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_MESSAGES } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePushService } from '../../test/fake-push-service';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe(`push subscriptions and quiet hours on ${TEST_DB}`, () => {
  let t: TestApp;
  let push: FakePushService;
  let token: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    push = await FakePushService.start();
    ({ token } = await registerUser(t.app, 'push-devices@example.com'));
    ({ token: other } = await registerUser(t.app, 'push-other@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
    headers: Record<string, string> = {},
  ) => asUser(t.app, as, { method, url, headers, ...(payload && { payload }) });
  const devices = async (as = token) =>
    (await call('GET', '/api/push/subscriptions', undefined, as)).json<{
      subscriptions: Array<{ id: number; label: string; service: string }>;
    }>().subscriptions;
  const rowCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('push_subscriptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("gives the server's VAPID public key to subscribe with", async () => {
    const response = await call('GET', '/api/push/public-key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ public_key: t.config.VAPID_PUBLIC_KEY });
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it("adds a device named after its browser, lists it by its service's host, and removes it", async () => {
    const phone = push.device('phone');
    const created = await call('POST', '/api/push/subscriptions', phone.subscription, token, {
      'user-agent': CHROME_ANDROID,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      label: 'Chrome on Android',
      service: new URL(push.origin).host,
      last_sent_at: null,
    });
    const { id } = created.json<{ id: number }>();
    expect(await devices()).toEqual([expect.objectContaining({ id, label: 'Chrome on Android' })]);
    // The endpoint is a capability: it is not answered back.
    expect(JSON.stringify(await devices())).not.toContain(phone.subscription.endpoint);

    expect((await call('DELETE', `/api/push/subscriptions/${id}`)).statusCode).toBe(204);
    expect(await devices()).toEqual([]);
    expect((await call('DELETE', `/api/push/subscriptions/${id}`)).statusCode).toBe(404);
  });

  it('answers the same device when the same endpoint subscribes again, with its new keys', async () => {
    const laptop = push.device('laptop');
    const first = await call('POST', '/api/push/subscriptions', {
      ...laptop.subscription,
      label: 'Work laptop',
    });
    const renewed = push.device('laptop-renewed').subscription.keys;
    const again = await call('POST', '/api/push/subscriptions', {
      endpoint: laptop.subscription.endpoint,
      keys: renewed,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    expect(again.json()).toMatchObject({ label: 'Work laptop' });
    const stored = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['p256dh', 'auth'])
      .where('endpoint', '=', laptop.subscription.endpoint)
      .execute();
    expect(stored).toEqual([{ p256dh: renewed.p256dh, auth: renewed.auth }]);
  });

  it("answers 404 for another person's device, and leaves it", async () => {
    const [mine] = await devices();
    expect((await call('DELETE', `/api/push/subscriptions/${mine?.id}`, undefined, other)).statusCode).toBe(
      404,
    );
    expect(await devices(other)).toEqual([]);
    expect(await devices()).toHaveLength(1);
  });

  it('refuses malformed subscriptions with a clear 422, writing nothing', async () => {
    const good = push.device('bad-input').subscription;
    const before = await rowCount();
    const cases: Array<[object, string, string]> = [
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        'keys.p256dh',
        PUSH_MESSAGES.p256dhInvalid,
      ],
      [
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
        'keys.auth',
        PUSH_MESSAGES.authInvalid,
      ],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, 'keys.auth', PUSH_MESSAGES.authInvalid],
      [
        { ...good, endpoint: `${push.origin}/push/${'x'.repeat(10_000)}` },
        'endpoint',
        PUSH_MESSAGES.endpointTooLong,
      ],
      [{ ...good, endpoint: 'ftp://push.example.com/abc' }, 'endpoint', PUSH_MESSAGES.endpointInvalid],
      [{ ...good, endpoint: '' }, 'endpoint', PUSH_MESSAGES.endpointRequired],
      [{ keys: good.keys }, 'endpoint', 'The endpoint field is required.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/push/subscriptions', payload);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field]).toContain(message);
    }
    expect(await rowCount()).toBe(before);
  });

  it(`refuses a device beyond ${MAX_PUSH_SUBSCRIPTIONS}`, async () => {
    const { token: many } = await registerUser(t.app, 'push-many@example.com');
    for (let index = 0; index < MAX_PUSH_SUBSCRIPTIONS; index += 1) {
      expect(
        (await call('POST', '/api/push/subscriptions', push.device(`many-${index}`).subscription, many))
          .statusCode,
      ).toBe(201);
    }
    const refused = await call(
      'POST',
      '/api/push/subscriptions',
      push.device('one-too-many').subscription,
      many,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PUSH_MESSAGES.tooMany);
    expect(await devices(many)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it('keeps quiet hours of 21:00 to 08:00 unless changed, and none when both are null', async () => {
    expect((await call('GET', '/api/push/settings')).json()).toEqual({
      quiet_start: '21:00',
      quiet_end: '08:00',
    });
    expect(
      (await call('PUT', '/api/push/settings', { quiet_start: '22:30', quiet_end: '07:00' })).json(),
    ).toEqual({ quiet_start: '22:30', quiet_end: '07:00' });
    expect((await call('PUT', '/api/push/settings', { quiet_start: null, quiet_end: null })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/push/settings')).json()).toEqual({ quiet_start: null, quiet_end: null });

    const half = await call('PUT', '/api/push/settings', { quiet_start: '21:00', quiet_end: null });
    expect(half.statusCode).toBe(422);
    expect(half.json().message).toBe(PUSH_MESSAGES.quietBoth);
    const late = await call('PUT', '/api/push/settings', { quiet_start: '24:00', quiet_end: '08:00' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(PUSH_MESSAGES.quietTime);
    expect((await call('GET', '/api/push/settings')).json()).toEqual({ quiet_start: null, quiet_end: null });
    // Another person's are their own.
    expect((await call('GET', '/api/push/settings', undefined, other)).json()).toEqual({
      quiet_start: '21:00',
      quiet_end: '08:00',
    });
  });
});

describe(`push endpoints in production on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    ({ token } = await registerUser(t.app, 'push-production@example.com'));
  });
  afterAll(() => t.close());

  const subscribe = (endpoint: string) =>
    asUser(t.app, token, { method: 'POST', url: '/api/push/subscriptions', payload: { endpoint, keys } });

  it('refuses plain http, and loopback or private addresses: the server must not call inside its own network', async () => {
    const cases: Array<[string, string]> = [
      ['http://push.example.com/send/abc', PUSH_MESSAGES.endpointInvalid],
      ['https://127.0.0.1:8443/push/abc', PUSH_MESSAGES.endpointPrivate],
      ['https://localhost/push/abc', PUSH_MESSAGES.endpointPrivate],
      ['https://10.1.2.3/push/abc', PUSH_MESSAGES.endpointPrivate],
      ['https://[::1]/push/abc', PUSH_MESSAGES.endpointPrivate],
      ['https://169.254.169.254/latest/meta-data', PUSH_MESSAGES.endpointPrivate],
    ];
    for (const [endpoint, message] of cases) {
      const response = await subscribe(endpoint);
      expect(response.statusCode, endpoint).toBe(422);
      expect(response.json().errors.endpoint, endpoint).toEqual([message]);
    }
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });

  it("takes a push service's https endpoint", async () => {
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc:def')).statusCode).toBe(201);
  });

  it('checks again when sending: a loopback endpoint already stored is never called, and is dropped', async () => {
    const push = await FakePushService.start();
    try {
      await t.app.push.stop();
      // Daytime, outside the default quiet hours.
      t.clock.set('2026-11-20T12:00:00Z');
      const { token: owner, userId } = await registerUser(t.app, 'push-production-stored@example.com');
      const stored = push.device('stored').subscription;
      const now = new Date().toISOString();
      // As if saved before the rules, or outside production: the sender must not trust it.
      await t.database.db
        .insertInto('push_subscriptions')
        .values({
          user_id: userId,
          endpoint: stored.endpoint,
          p256dh: stored.keys.p256dh,
          auth: stored.keys.auth,
          label: 'Old',
          created_at: now,
          updated_at: now,
          last_sent_at: null,
        })
        .execute();
      const accountId = await createAccount(t.app, owner);
      await uploadStatement(t.app, owner, accountId, 'Date,Description,Amount\n11/19/2026,Corner Bar,-38.20');
      expect(await t.database.db.selectFrom('push_nudges').select('status').execute()).toEqual([
        { status: 'pending' },
      ]);
      await t.app.push.run();
      expect(push.delivered).toEqual([]);
      expect(push.refused).toEqual([]);
      expect((await asUser(t.app, owner, { method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual({
        subscriptions: [],
      });
    } finally {
      await push.close();
    }
  });
});

describe(`the notification's feeling route on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('needs no session, and is rate limited per address like sign-in', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/push/feelings',
        payload: { token: 'guessed-token', transaction_id: 1, feeling: 'positive' },
      });
    for (let index = 0; index < 3; index += 1) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(PUSH_MESSAGES.tokenInvalid);
    }
    expect((await attempt()).statusCode).toBe(429);
  });
});
