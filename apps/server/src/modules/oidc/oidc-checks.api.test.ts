/**
 * Single sign-ons that must sign nobody in (issue 28's "bad input and races"; DECISIONS.md #81):
 * a state this browser did not start, an answer of the provider's error, an ID token with another
 * nonce, another audience or past its expiry, a code of another sign-in, a provider that is down.
 * Each lands on the login page with its `sso_error`, never a 500 and never a session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';
import type { TestProvider } from '../../test/oidc-provider';
import { callback, handoverCode, ssoError, startSignIn, startWithProvider } from '../../test/oidc-flow';

describe(`single sign-on refusals on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  const logged: string[] = [];
  beforeAll(async () => {
    const logStream = { write: (line: string) => void logged.push(line) };
    ({ t, provider } = await startWithProvider({ LOG_LEVEL: 'warn' }, { idTokenSeconds: 60 }, { logStream }));
    provider.accounts.set('eve', { email: 'eve@example.com', email_verified: true });
  });
  beforeEach(() => {
    // The server's clock on the provider's, which tests below move.
    t.clock.set(new Date().toISOString());
    logged.length = 0;
  });

  /** Why the server refused, as its log says (a warning, never with a token). */
  const refusal = () => logged.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '').join('\n');
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Nobody was signed in, and no account or hand-over was made. */
  async function expectNothingDone() {
    const { db } = t.database;
    expect(await db.selectFrom('users').select('id').where('email', '=', 'eve@example.com').execute()).toEqual([]);
    expect(await db.selectFrom('oidc_handovers').select('kind').execute()).toEqual([]);
    expect(await db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
  }

  /** The browser at the provider, back with its redirect, not yet at the callback. */
  async function atProvider() {
    const started = await startSignIn(t.app);
    return { ...started, redirect: await provider.signIn(started.authorizationUrl, 'eve') };
  }

  it('refuses a callback without the state cookie of the browser that started it (login CSRF)', async () => {
    const { redirect } = await atProvider();
    const response = await callback(t.app, redirect, '');
    expect(response.statusCode).toBe(302);
    expect(ssoError(response)).toBe('state');
    // The cookie of another sign-in of this browser does not fit either.
    const other = await startSignIn(t.app);
    const mine = await atProvider();
    expect(ssoError(await callback(t.app, mine.redirect, other.cookie))).toBe('state');
    await expectNothingDone();
  });

  it('refuses a state changed on the way, or one never issued', async () => {
    const { redirect, cookie } = await atProvider();
    const changed = new URL(redirect);
    changed.searchParams.set('state', 'A'.repeat(43));
    expect(ssoError(await callback(t.app, changed, `mindspend_oidc_state=${'A'.repeat(43)}`))).toBe('state');
    const bare = new URL(redirect);
    bare.searchParams.delete('state');
    expect(ssoError(await callback(t.app, bare, cookie))).toBe('state');
    await expectNothingDone();
  });

  it('refuses a sign-in older than 10 minutes', async () => {
    const { redirect, cookie } = await atProvider();
    t.clock.advanceMinutes(11);
    expect(ssoError(await callback(t.app, redirect, cookie))).toBe('state');
    await expectNothingDone();
  });

  it('says what the provider answered instead of a code', async () => {
    const started = await startSignIn(t.app);
    const state = new URL(started.authorizationUrl).searchParams.get('state') ?? '';
    const denied = new URL(`http://localhost:3000/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(ssoError(await callback(t.app, denied, started.cookie))).toBe('denied');
    const broken = new URL('http://localhost:3000/api/auth/oidc/callback?error=server_error&error_description=down');
    expect(ssoError(await callback(t.app, broken, ''))).toBe('provider');
    await expectNothingDone();
  });

  it.each([
    ['another nonce', /"nonce" claim/, (claims: Record<string, unknown>) => ({ ...claims, nonce: 'a-nonce-of-another-sign-in' })],
    ['no nonce', /"nonce" \(nonce\) claim missing/, ({ nonce: _nonce, ...claims }: Record<string, unknown>) => claims],
    ['another audience', /"aud" \(audience\) claim/, (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client', azp: 'another-client' })],
    ['another issuer', /"iss" \(issuer\) claim/, (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://id.example.org' })],
    ['an expiry past', /"exp" \(expiration time\) claim/, (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 })],
  ])('refuses an ID token with %s, signed by the provider', async (_label, reason, change) => {
    const { redirect, cookie } = await atProvider();
    provider.tamper = change;
    const response = await callback(t.app, redirect, cookie);
    expect(provider.tamper).toBeNull();
    expect(ssoError(response)).toBe('token');
    expect(refusal()).toMatch(reason);
    await expectNothingDone();
  });

  it('refuses an ID token that expired before the callback, by the server’s clock', async () => {
    const { redirect, cookie } = await atProvider();
    // The provider's ID tokens last 60 seconds; the server's clock is 3 minutes on (the sign-in's
    // 10 minutes are not over).
    t.clock.advanceMinutes(3);
    expect(ssoError(await callback(t.app, redirect, cookie))).toBe('token');
    expect(refusal()).toMatch(/"exp" \(expiration time\) claim/);
    await expectNothingDone();
  });

  it('refuses the code of another sign-in (its PKCE verifier is not this one’s)', async () => {
    const mine = await startSignIn(t.app);
    const theirs = await atProvider();
    const state = new URL(mine.authorizationUrl).searchParams.get('state') ?? '';
    const swapped = new URL(theirs.redirect);
    swapped.searchParams.set('state', state);
    expect(ssoError(await callback(t.app, swapped, mine.cookie))).toBe('provider');
    await expectNothingDone();
  });

  it('still signs in when nothing is wrong (the checks above are not refusing everything)', async () => {
    const { redirect, cookie } = await atProvider();
    expect(handoverCode(await callback(t.app, redirect, cookie))).not.toBeNull();
  });
});

describe(`single sign-on with the provider down on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await startWithProvider());
    provider.accounts.set('zoe', { email: 'zoe@example.com', email_verified: true });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('sends the browser back to the login page with a message, leaving nothing behind, and works once it is back', async () => {
    const nowhere = await createTestApp({
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'mindspend',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const response = await nowhere.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?sso_error=unavailable');
      expect(await nowhere.database.db.selectFrom('oidc_states').select('state_hash').execute()).toEqual([]);
    } finally {
      await nowhere.close();
    }
    // The working app discovers its provider on first use.
    const started = await startSignIn(t.app);
    expect(new URL(started.authorizationUrl).origin).toBe(provider.issuer);
  });

  it('answers the callback with a message when the provider goes down mid-way', async () => {
    const started = await startSignIn(t.app);
    const redirect = await provider.signIn(started.authorizationUrl, 'zoe');
    await provider.close();
    const response = await callback(t.app, redirect, started.cookie);
    expect(ssoError(response)).toBe('unavailable');
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
