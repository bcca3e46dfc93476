/**
 * Push nudges with two server processes on one PostgreSQL database (one process on SQLite): every
 * process runs the sender, and each nudge must still reach each device once (DECISIONS.md #103);
 * one device subscribed from both at once is one device, and a feeling button tapped twice at once
 * records one feeling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePushService } from '../../test/fake-push-service';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';
import { sendWebhook } from '../webhooks';
import { type NudgeDeps, sendDueNudges } from './nudge-sender';
import { vapidKeys } from './vapid-keys';

describe(`push nudges raced from two server processes on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  let push: FakePushService;
  const PEOPLE = 4;
  const tokens: string[] = [];

  const depsOf = (app: TestApp): NudgeDeps => ({
    db: app.database.db,
    dialect: app.database.dialect,
    clock: app.clock,
    config: app.config,
    logger: app.app.log,
    send: sendWebhook,
    keys: () => vapidKeys(app.config, app.database.dialect),
  });

  beforeAll(async () => {
    push = await FakePushService.start();
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    // Only the test's own runs send: the timers' runs would race the set-up.
    await Promise.all([t.app.push.stop(), second.app.push.stop()]);
    t.clock.set('2026-11-20T12:00:00Z');
    for (let person = 1; person <= PEOPLE; person += 1) {
      const { token } = await registerUser(t.app, `push-race-${person}@example.com`);
      tokens.push(token);
      const accountId = await createAccount(t.app, token);
      for (const device of ['phone', 'laptop']) {
        await asUser(t.app, token, {
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: push.device(`${device}-${person}`).subscription,
        });
      }
      await uploadStatement(
        t.app,
        token,
        accountId,
        `Date,Description,Amount\n11/19/2026,Shop ${person},-${person}.00`,
      );
    }
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
    await push.close();
  });

  it('sends each nudge to each device once when both processes send at once, four times over', async () => {
    const runs = await Promise.all([t, second, t, second].map((app) => sendDueNudges(depsOf(app))));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(PEOPLE);
    // Later runs find nothing left to send.
    await Promise.all([t.app.push.run(), second.app.push.run()]);
    expect(push.refused).toEqual([]);
    for (let person = 1; person <= PEOPLE; person += 1) {
      for (const device of ['phone', 'laptop']) {
        expect(
          push.to(`${device}-${person}`).map((payload) => payload.title),
          `${device}-${person}`,
        ).toEqual([`Shop ${person} $${person}.00 — how did that feel?`]);
      }
    }
  });

  it('keeps one device when the same endpoint subscribes on both processes at once', async () => {
    const { token } = await registerUser(t.app, 'push-race-subscribe@example.com');
    const { subscription } = push.device('tablet-race');
    const answers = await Promise.all(
      [t, second, t, second].map((app) =>
        asUser(app.app, token, { method: 'POST', url: '/api/push/subscriptions', payload: subscription }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json<{ id: number }>().id)).size).toBe(1);
    const listed = await asUser(second.app, token, { method: 'GET', url: '/api/push/subscriptions' });
    expect(listed.json<{ subscriptions: unknown[] }>().subscriptions).toHaveLength(1);
  });

  it('records a feeling once when its button is tapped on both processes at once', async () => {
    type Nudge = { action?: { token: string; transaction_id: number } };
    const [nudge] = push.to('phone-1') as Nudge[];
    const action = nudge?.action;
    expect(action).toBeDefined();
    const taps = await Promise.all(
      [t, second, t, second].map((app, tap) =>
        app.app.inject({
          method: 'POST',
          url: '/api/push/feelings',
          payload: { ...action, feeling: tap === 0 ? 'negative' : 'positive' },
        }),
      ),
    );
    const statuses = taps.map((tap) => tap.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    const recorded = taps.find((tap) => tap.statusCode === 200)?.json<{ feeling: string }>().feeling;
    const transaction = await asUser(t.app, tokens[0] ?? '', {
      method: 'GET',
      url: `/api/transactions/${action?.transaction_id}`,
    });
    expect(transaction.json<{ emotions: string[] }>().emotions).toEqual([recorded]);
  });
});
