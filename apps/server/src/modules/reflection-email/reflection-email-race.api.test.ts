/**
 * The reflection e-mail with two server processes on one PostgreSQL database (one process on
 * SQLite): every process runs the monthly job, and each person must still get one e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { claimMonth } from './reflection-email.repo';
import { sendDueReflectionEmails, unsubscribeUrl } from './reflection-email.service';
import { reflectionEmailDeps } from './test-deps';

describe(`the reflection e-mail raced from two server processes on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  const people: Array<{ token: string; userId: number }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    t.clock.set('2026-10-20T12:00:00Z');
    for (const name of ['ines', 'jon', 'kai']) {
      const person = await registerUser(t.app, `${name}-race@example.com`);
      const account = await createAccount(t.app, person.token);
      await createTransaction(t.app, person.token, account, { date: '2026-10-05', amount: 25, emotion_names: ['negative'] });
      const on = await asUser(t.app, person.token, { method: 'PATCH', url: `/api/users/${person.userId}`, payload: { reflection_email: true } });
      expect(on.statusCode).toBe(200);
      people.push(person);
    }
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  const outboxCount = async (userId: number) =>
    (await t.database.db.selectFrom('outbox').select('id').where('user_id', '=', userId).where('subject', 'like', 'Your October%').execute()).length;

  it('queues one e-mail per person when both processes run the job at once, four times over', async () => {
    const now = new Date('2026-11-01T00:20:00Z');
    const runs = [t, second, t, second].map((app) => sendDueReflectionEmails(reflectionEmailDeps(app), now));
    const summaries = await Promise.all(runs);
    expect(summaries.reduce((sum, summary) => sum + summary.queued, 0)).toBe(people.length);
    for (const person of people) expect(await outboxCount(person.userId)).toBe(1);
    const claims = await t.database.db.selectFrom('reflection_emails').select(['user_id', 'outbox_id']).execute();
    expect(claims).toHaveLength(people.length);
    expect(claims.every((claim) => claim.outbox_id !== null)).toBe(true);
  });

  it('lets the database refuse a second claim of the same month even outside the lock', async () => {
    const person = people[0];
    if (!person) throw new Error('no person');
    const [a, b] = await Promise.all([
      claimMonth(t.database.db, person.userId, { year: 2030, month: 1 }, '2030-02-01T00:00:00.000Z'),
      claimMonth(second.database.db, person.userId, { year: 2030, month: 1 }, '2030-02-01T00:00:00.000Z'),
    ]);
    expect([a, b].filter((id) => id !== null)).toHaveLength(1);
  });

  it('turns the e-mail off once when the same link is followed six times across both processes', async () => {
    const person = people[1];
    if (!person) throw new Error('no person');
    const link = new URL(unsubscribeUrl(t, person.userId));
    const answers = await Promise.all(
      [t, second, t, second, t, second].map((app) => app.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.body.includes('You will no longer receive'))).toHaveLength(1);
    const row = await t.database.db.selectFrom('users').select('reflection_email_since').where('id', '=', person.userId).executeTakeFirstOrThrow();
    expect(row.reflection_email_since).toBeNull();
  });
  it('answers on to six turn-ons racing from both processes, and ends off after a turn-off', async () => {
    const person = await registerUser(t.app, 'lea-race@example.com');
    const patch = (app: TestApp, on: boolean) =>
      asUser(app.app, person.token, { method: 'PATCH', url: `/api/users/${person.userId}`, payload: { reflection_email: on } });
    const answers = await Promise.all([t, second, t, second, t, second].map((app) => patch(app, true)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.every((answer) => answer.json<{ user: { reflection_email: boolean } }>().user.reflection_email)).toBe(true);
    const since = async () =>
      (await t.database.db.selectFrom('users').select('reflection_email_since').where('id', '=', person.userId).executeTakeFirstOrThrow())
        .reflection_email_since;
    expect(await since()).not.toBeNull();
    expect((await patch(second, false)).statusCode).toBe(200);
    expect(await since()).toBeNull();
  });

  it('obeys an unsubscribe that lands while the job runs: the e-mail goes before it or not at all', async () => {
    const person = people[2];
    if (!person) throw new Error('no person');
    await t.database.db.deleteFrom('reflection_emails').where('user_id', '=', person.userId).execute();
    await t.database.db.deleteFrom('outbox').where('user_id', '=', person.userId).execute();
    const link = new URL(unsubscribeUrl(t, person.userId));
    const [summary, answer] = await Promise.all([
      sendDueReflectionEmails(reflectionEmailDeps(second), new Date('2026-11-02T00:20:00Z')),
      t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` }),
    ]);
    expect(answer.statusCode).toBe(200);
    const mails = await outboxCount(person.userId);
    const claims = await t.database.db.selectFrom('reflection_emails').select('id').where('user_id', '=', person.userId).execute();
    // One e-mail with its claim, or none and no claim: never a claim without its e-mail.
    expect([mails, claims.length]).toEqual(mails === 1 ? [1, 1] : [0, 0]);
    expect(summary.queued).toBe(mails);
    // Whichever came first, the next run sends nothing: the person is off now.
    expect((await sendDueReflectionEmails(reflectionEmailDeps(t), new Date('2026-11-03T00:20:00Z'))).queued).toBe(0);
  });
});
