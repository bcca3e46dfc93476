import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface SessionBody {
  id: number;
  device: string;
  created_at: string;
  last_used_at: string;
  last_address: string | null;
  current: boolean;
}

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`sessions API on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_DAYS: '30', SESSION_MAX_DAYS: '365' });
  });
  afterAll(() => t?.close());

  async function signIn(email: string, userAgent: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': userAgent },
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ api_token: string }>().api_token;
  }

  async function sessionsOf(token: string): Promise<SessionBody[]> {
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/user/sessions' });
    expect(response.statusCode).toBe(200);
    return response.json<SessionBody[]>();
  }

  const whoAmI = (token: string) => asUser(t.app, token, { method: 'GET', url: '/api/user' });

  it('lists each sign-in with its device, marks the current one, and never shows a token', async () => {
    const { token: signUpToken } = await registerUser(t.app, 'devices@example.com');
    const mac = await signIn('devices@example.com', MAC_CHROME);
    const phone = await signIn('devices@example.com', IPHONE_SAFARI);

    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on macOS', 'Safari on iPhone', 'Unknown device']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari on iPhone']);
    for (const session of sessions) expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'device', 'id', 'last_address', 'last_used_at']);
    const body = JSON.stringify(sessions);
    for (const token of [signUpToken, mac, phone]) expect(body).not.toContain(token);
    expect((await sessionsOf(mac)).find((s) => s.current)?.device).toBe('Chrome on macOS');
  });

  it("signs out a device's sessions at once, never the caller's own, and no one else's (issue 36)", async () => {
    await registerUser(t.app, 'end-device@example.com');
    const macs = [await signIn('end-device@example.com', MAC_CHROME), await signIn('end-device@example.com', MAC_CHROME), await signIn('end-device@example.com', MAC_CHROME)];
    const phone = await signIn('end-device@example.com', IPHONE_SAFARI);
    const { token: stranger } = await registerUser(t.app, 'end-device-stranger@example.com');
    const strangerSession = (await sessionsOf(stranger))[0]?.id ?? 0;
    const own = await sessionsOf(macs[0] ?? '');
    const macIds = own.filter((s) => s.device === 'Chrome on macOS').map((s) => s.id);
    const endedIds = own.filter((s) => s.device === 'Chrome on macOS' && !s.current).map((s) => s.id);
    expect(endedIds).toHaveLength(2);
    const signOut = (token: string, ids: unknown) =>
      asUser(t.app, token, { method: 'POST', url: '/api/user/sessions/sign-out', payload: { session_ids: ids } });

    // Asked from the first Mac session: the other two end, it stays.
    expect((await signOut(macs[0] ?? '', [...macIds, strangerSession])).statusCode).toBe(204);
    expect((await whoAmI(macs[0] ?? '')).statusCode).toBe(200);
    for (const ended of macs.slice(1)) expect((await whoAmI(ended ?? '')).statusCode).toBe(401);
    expect((await whoAmI(phone)).statusCode).toBe(200);
    expect((await whoAmI(stranger)).statusCode).toBe(200);

    // Only another person's id, or ids already gone: 404 as for one unknown session.
    expect((await signOut(phone, [strangerSession])).statusCode).toBe(404);
    expect((await signOut(phone, endedIds)).statusCode).toBe(404);
    const refused = await signOut(phone, []);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Choose at least one session to sign out.');
    expect((await signOut(phone, ['one'])).statusCode).toBe(422);
  });

  it('ends one session: its token answers 401 and the others keep working', async () => {
    await registerUser(t.app, 'end-one@example.com');
    const mac = await signIn('end-one@example.com', MAC_CHROME);
    const phone = await signIn('end-one@example.com', IPHONE_SAFARI);
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current) as SessionBody;

    const ended = await asUser(t.app, mac, { method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(204);
    expect((await whoAmI(phone)).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect((await whoAmI(mac)).statusCode).toBe(200);
    expect((await sessionsOf(mac)).map((s) => s.id)).not.toContain(phoneSession.id);
  });

  it("answers 404 for another user's session id and leaves that session alone", async () => {
    await registerUser(t.app, 'victim-session@example.com');
    const victim = await signIn('victim-session@example.com', MAC_CHROME);
    const victimSession = (await sessionsOf(victim)).find((s) => s.current) as SessionBody;
    const { token: attacker } = await registerUser(t.app, 'attacker-session@example.com');

    const response = await asUser(t.app, attacker, { method: 'DELETE', url: `/api/user/sessions/${victimSession.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Session not found.' });
    expect((await whoAmI(victim)).statusCode).toBe(200);
    const unknown = await asUser(t.app, attacker, { method: 'DELETE', url: '/api/user/sessions/999999' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await asUser(t.app, attacker, { method: 'DELETE', url: '/api/user/sessions/abc' });
    expect(malformed.statusCode).toBe(422);
  });

  it('ends every other session and keeps the current one', async () => {
    const { token: first } = await registerUser(t.app, 'end-others@example.com');
    const mac = await signIn('end-others@example.com', MAC_CHROME);
    const phone = await signIn('end-others@example.com', IPHONE_SAFARI);

    const response = await asUser(t.app, mac, { method: 'DELETE', url: '/api/user/sessions' });
    expect(response.statusCode).toBe(204);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    const left = await sessionsOf(mac);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ device: 'Chrome on macOS', current: true });
  });

  it('answers 401 without a token', async () => {
    for (const route of [
      { method: 'GET', url: '/api/user/sessions' },
      { method: 'DELETE', url: '/api/user/sessions' },
      { method: 'DELETE', url: '/api/user/sessions/1' },
    ] as const) {
      const response = await t.app.inject(route);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('advances last_used_at at most every few minutes', async () => {
    t.clock.set('2026-03-01T12:00:00.000Z');
    const { token } = await registerUser(t.app, 'touch@example.com');
    const [created] = await sessionsOf(token);
    expect(created?.created_at).toBe('2026-03-01T12:00:00.000Z');
    expect(created?.last_used_at).toBe('2026-03-01T12:00:00.000Z');

    t.clock.advanceMinutes(2);
    expect((await sessionsOf(token))[0]?.last_used_at).toBe('2026-03-01T12:00:00.000Z');
    t.clock.advanceMinutes(10);
    expect((await sessionsOf(token))[0]?.last_used_at).toBe('2026-03-01T12:12:00.000Z');
  });

  it('keeps where a session was signed in from, then where it was last used from (issue 36)', async () => {
    t.clock.set('2026-03-02T12:00:00.000Z');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '198.51.100.7',
      payload: { plan: 'free', email: 'places@example.com', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    expect(signUp.statusCode).toBe(201);
    const token = signUp.json<{ api_token: string }>().api_token;
    expect((await sessionsOf(token))[0]?.last_address).toBe('198.51.100.7');
    t.clock.advanceMinutes(30);
    const fromElsewhere = await asUser(t.app, token, { method: 'GET', url: '/api/user', remoteAddress: '203.0.113.9' });
    expect(fromElsewhere.statusCode).toBe(200);
    expect((await sessionsOf(token))[0]?.last_address).toBe('203.0.113.9');
  });

  it('expires a token unused for the idle days, and keeps one in use', async () => {
    t.clock.set('2026-04-01T09:00:00.000Z');
    const { token: idle } = await registerUser(t.app, 'idle@example.com');
    const { token: busy } = await registerUser(t.app, 'busy@example.com');

    for (let day = 0; day < 3; day += 1) {
      t.clock.advanceMinutes(15 * 24 * 60);
      expect((await whoAmI(busy)).statusCode).toBe(200);
    }
    const response = await whoAmI(idle);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('expires a token after the maximum days even when used every day', async () => {
    t.clock.set('2026-05-01T09:00:00.000Z');
    const { token } = await registerUser(t.app, 'max-age@example.com');
    for (let day = 0; day < 364; day += 7) {
      t.clock.advanceMinutes(7 * 24 * 60);
      if (day + 7 < 365) expect((await whoAmI(token)).statusCode).toBe(200);
    }
    t.clock.set('2027-05-01T09:00:01.000Z');
    expect((await whoAmI(token)).statusCode).toBe(401);
  });
});
