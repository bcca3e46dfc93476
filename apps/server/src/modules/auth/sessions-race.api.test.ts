/**
 * The sign-in lookup and its session touch from two server processes at once (PostgreSQL; on
 * SQLite one process races itself): every racing request is signed in, the session's last use is
 * written once and never moves back, and a sign-out on one process is refused on the other at the
 * very next request, since neither keeps anything about a token (docs/DECISIONS.md #62, #72).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`racing signed-in requests on ${TEST_DB}`, () => {
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

  const lastUsed = async (token: string) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/user/sessions' })).json<Array<{ last_used_at: string }>>()[0]?.last_used_at;

  it('signs in every racing request and records one last use, never moving it back', async () => {
    t.clock.set('2026-11-24T10:00:00Z');
    second.clock.set('2026-11-24T10:00:00Z');
    const { token } = await registerUser(t.app, 'session-race@example.com');
    // Both processes find the session due for a touch, each at its own time.
    t.clock.set('2026-11-24T10:20:00Z');
    second.clock.set('2026-11-24T10:30:00Z');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => asUser((i % 2 === 0 ? t : second).app, token, { method: 'GET', url: '/api/user' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.json<{ user: { email: string } }>().user.email)).toEqual(Array(8).fill('session-race@example.com'));
    const touched = await lastUsed(token);
    expect(['2026-11-24T10:20:00.000Z', '2026-11-24T10:30:00.000Z']).toContain(touched);

    // A later request on the process whose clock is behind leaves the later time standing.
    t.clock.set('2026-11-24T10:26:00Z');
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe(touched);
  });

  it('refuses a token on one process right after it signed out on the other', async () => {
    const { token } = await registerUser(t.app, 'signout-race@example.com');
    expect((await asUser(second.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await asUser(t.app, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    const after = await asUser(second.app, token, { method: 'GET', url: '/api/user' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it("signs a device's sessions out from two processes at once: every other session ends, no error (issue 36)", async () => {
    await registerUser(t.app, 'device-race@example.com');
    const signIn = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'device-race@example.com', password: STRONG_PASSWORD } })).json<{ api_token: string }>().api_token;
    const [first, other, ...rest] = [await signIn(), await signIn(), await signIn(), await signIn()];
    const ids = (await asUser(t.app, first ?? '', { method: 'GET', url: '/api/user/sessions' })).json<Array<{ id: number }>>().map((session) => session.id);
    const signOut = (app: TestApp, token: string) =>
      asUser(app.app, token, { method: 'POST', url: '/api/user/sessions/sign-out', payload: { session_ids: ids } });
    const answers = await Promise.all([signOut(t, first ?? ''), signOut(second, other ?? '')]);
    // Each ends every session but its own (the two may end each other's): never a 500. The
    // request whose delete commits second may find nothing left to end (404), or, when the other
    // ended its session before it was even read, is signed out itself (401).
    for (const answer of answers) expect([204, 401, 404]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 204)).toBe(true);
    for (const token of rest) expect((await asUser(second.app, token ?? '', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});
