/**
 * Notices marked read from two server processes at once (PostgreSQL; on SQLite one process races
 * itself): every request succeeds and each notice keeps the one time it was first read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`racing notification reads on ${TEST_DB}`, () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
  });
  afterAll(async () => {
    if (second !== t) await second.close();
    await t.close();
  });

  it('answers every racing request and keeps one first-read time per notice', async () => {
    const { token } = await registerUser(t.app, 'bell-race@example.com');
    const list = async () =>
      (await asUser(t.app, token, { method: 'GET', url: '/api/notifications' })).json<{ notifications: Array<{ id: number; read_at: string | null }> }>()
        .notifications;
    const [welcome] = await list();
    t.clock.set('2026-11-24T10:00:00Z');
    if (second !== t) second.clock.set('2026-11-24T11:00:00Z');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        asUser((i % 2 === 0 ? t : second).app, token, { method: 'POST', url: '/api/notifications/read', payload: { up_to_id: welcome!.id } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(204));
    const [read] = await list();
    expect(['2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z']).toContain(read?.read_at);
    t.clock.set('2026-11-24T12:00:00Z');
    await asUser(second.app, token, { method: 'POST', url: '/api/notifications/read', payload: { up_to_id: welcome!.id } });
    expect((await list())[0]?.read_at).toBe(read?.read_at);
  });
});
