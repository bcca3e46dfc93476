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
});
