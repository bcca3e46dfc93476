/**
 * Pause reminders with two server processes on one PostgreSQL database (one process on SQLite):
 * every process runs the reminder job, and each pause must still be reminded once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { remindDuePauses } from './pause-reminders';

describe(`pause reminders raced from two server processes on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;
  const people: string[] = [];
  const PAUSES_EACH = 3;

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    t.clock.set('2026-11-20T09:00:00Z');
    for (const name of ['lea', 'max']) {
      const { token } = await registerUser(t.app, `${name}-pause-race@example.com`);
      for (let index = 1; index <= PAUSES_EACH; index += 1) {
        const created = await asUser(t.app, token, { method: 'POST', url: '/api/pauses', payload: { payee: `Shop ${index}`, amount: 10 * index, cooling_off_days: 1 } });
        expect(created.statusCode).toBe(201);
      }
      people.push(token);
    }
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  const reminders = async (token: string) =>
    ((await asUser(t.app, token, { method: 'GET', url: '/api/notifications' })).json().notifications as Array<{ title: string; message: string }>)
      .filter((notice) => notice.title === 'Pause list')
      .map((notice) => notice.message)
      .sort();

  it('reminds each pause once when both processes run the job at once, four times over', async () => {
    const now = new Date('2026-11-21T09:05:00Z');
    const runs = await Promise.all([t, second, t, second].map((app) => remindDuePauses(app.database, now)));
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(people.length * PAUSES_EACH);
    for (const token of people) {
      expect(await reminders(token)).toEqual(['Still want the $10.00 purchase at Shop 1?', 'Still want the $20.00 purchase at Shop 2?', 'Still want the $30.00 purchase at Shop 3?']);
    }
  });

  it('sends no reminder for a pause decided while the job runs beside the decision', async () => {
    const token = people[0] ?? '';
    t.clock.set('2026-11-25T09:00:00Z');
    const created = await asUser(t.app, token, { method: 'POST', url: '/api/pauses', payload: { payee: 'Late Shop', amount: 99, cooling_off_days: 1 } });
    const id: number = created.json().id;
    t.clock.set('2026-11-26T09:01:00Z');
    const [decided] = await Promise.all([
      asUser(second.app, token, { method: 'PATCH', url: `/api/pauses/${id}`, payload: { decision: 'skipped' } }),
      remindDuePauses(t.database, t.clock.now()),
    ]);
    expect(decided.statusCode).toBe(200);
    // Either the reminder came first (one notice) or the decision did (none): never two.
    const late = (await reminders(token)).filter((message) => message.includes('Late Shop'));
    expect(late.length).toBeLessThanOrEqual(1);
    expect((await remindDuePauses(second.database, t.clock.now())).reminded).toBe(0);
  });
});
