/**
 * Single sign-on through a real OpenID Connect provider (oidc-provider, started here): the first
 * sign-in makes the account as sign-up does, the next ones sign in to it, a hand-over code and a
 * callback work once, and the server's settings decide what is offered (DECISIONS.md #81).
 */
import { OIDC_HANDOVER_EXPIRED, PASSWORD_SIGN_IN_OFF } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/fixtures';
import { asUser, createTestApp, registerUser, STRONG_PASSWORD, TEST_DB, type TestApp } from '../../test/test-app';
import type { TestProvider } from '../../test/oidc-provider';
import {
  callback,
  exchange,
  handoverCode,
  signInAtProvider,
  ssoError,
  ssoSession,
  startSignIn,
  startWithProvider,
} from '../../test/oidc-flow';

describe(`single sign-on on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await startWithProvider());
    provider.accounts.set('ada', { email: 'Ada@Example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    provider.accounts.set('grace', { email: 'grace@example.com', email_verified: true });
    provider.accounts.set('race', { email: 'race@example.com', email_verified: true });
    provider.accounts.set('priya', { email: 'priya@example.com', email_verified: true });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('tells the login page that passwords and single sign-on are offered', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(answer.json()).toEqual({ signup: 'open', password: true, oidc: { label: 'Sign in with single sign-on' } });
  });

  it('sends the browser to the provider with PKCE, state and nonce, binding the state to the browser', async () => {
    const started = await startSignIn(t.app, '?timezone=2');
    const url = new URL(started.authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/api/auth/oidc/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    expect(started.cookie).toBe(`mindspend_oidc_state=${url.searchParams.get('state')}`);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(String(response.headers['set-cookie'])).toMatch(/; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('makes the account on the first sign-in, as sign-up does, with no password the person knows', async () => {
    const session = await ssoSession(t.app, provider, 'ada', '?timezone=2');
    expect(session.user).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', timezone: 2, has_password: false });
    // An older client's offset alone: the zone that keeps it (DECISIONS.md #85).
    expect(session.user).toMatchObject({ time_zone: 'Etc/GMT-2' });
    const me = await asUser(t.app, session.api_token, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    const { db } = t.database;
    const books = await db.selectFrom('books').select('id').where('personal_user_id', '=', session.user.id).execute();
    expect(books).toHaveLength(1);
    const welcome = await db.selectFrom('notifications').select('title').where('book_id', '=', books[0]?.id ?? 0).execute();
    expect(welcome).toEqual([{ title: 'Welcome to Mindspend' }]);
    const identity = await db.selectFrom('oidc_identities').selectAll().where('user_id', '=', session.user.id).execute();
    expect(identity).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: 'ada', email: 'ada@example.com' })]);
    // No password signs in to it.
    expect((await login(t.app, 'ada@example.com', '')).statusCode).toBe(422);
    expect((await login(t.app, 'ada@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it("gives an account it makes the browser's time zone, and refuses an unknown one before leaving for the provider", async () => {
    const session = await ssoSession(t.app, provider, 'priya', '?time_zone=Asia/Kolkata&timezone=5.5');
    expect(session.user).toMatchObject({ email: 'priya@example.com', time_zone: 'Asia/Kolkata', timezone: 5.5 });
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?time_zone=Mars%2FOlympus' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['time_zone']);
  });

  it('signs the same person in to the same account the next time, and tells of a new device', async () => {
    const first = await ssoSession(t.app, provider, 'grace');
    const again = await ssoSession(t.app, provider, 'grace');
    expect(again.user.id).toBe(first.user.id);
    expect(again.api_token).not.toBe(first.api_token);
    const accounts = await t.database.db.selectFrom('users').select('id').where('email', '=', 'grace@example.com').execute();
    expect(accounts).toHaveLength(1);
    const code = handoverCode(await signInAtProvider(t.app, provider, 'grace'));
    expect((await exchange(t.app, code, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15')).statusCode).toBe(200);
    const mails = await t.database.db.selectFrom('outbox').select('subject').where('to_address', '=', 'grace@example.com').execute();
    expect(mails).toEqual([{ subject: 'A new sign-in to your Mindspend account' }]);
  });

  it('uses a hand-over code once, and an expired one not at all', async () => {
    const code = handoverCode(await signInAtProvider(t.app, provider, 'grace'));
    expect((await exchange(t.app, code)).statusCode).toBe(200);
    const replay = await exchange(t.app, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: OIDC_HANDOVER_EXPIRED });
    const late = handoverCode(await signInAtProvider(t.app, provider, 'grace'));
    t.clock.advanceMinutes(3);
    expect((await exchange(t.app, late)).json()).toEqual({ message: OIDC_HANDOVER_EXPIRED });
    expect((await exchange(t.app, 'not-a-code')).statusCode).toBe(400);
    expect((await exchange(t.app, null)).statusCode).toBe(400);
  });

  it('gives one session for one code when two exchanges race', async () => {
    for (let round = 0; round < 5; round++) {
      const code = handoverCode(await signInAtProvider(t.app, provider, 'race'));
      const answers = await Promise.all([exchange(t.app, code), exchange(t.app, code), exchange(t.app, code)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    }
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').executeTakeFirstOrThrow();
    const sessions = await t.database.db.selectFrom('api_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(5);
  });

  it('refuses a callback played again', async () => {
    const started = await startSignIn(t.app);
    const redirect = await provider.signIn(started.authorizationUrl, 'grace');
    const first = await callback(t.app, redirect, started.cookie);
    expect(handoverCode(first)).not.toBeNull();
    const replay = await callback(t.app, redirect, started.cookie);
    expect(ssoError(replay)).toBe('state');
  });

  it('removes the identities and hand-overs with the account', async () => {
    const session = await ssoSession(t.app, provider, 'ada');
    const pending = handoverCode(await signInAtProvider(t.app, provider, 'ada'));
    const deleted = await asUser(t.app, session.api_token, { method: 'DELETE', url: `/api/users/${session.user.id}`, payload: {} });
    expect(deleted.statusCode).toBe(204);
    const { db } = t.database;
    expect(await db.selectFrom('oidc_identities').select('subject').where('user_id', '=', session.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('oidc_handovers').select('kind').where('user_id', '=', session.user.id).execute()).toEqual([]);
    expect((await exchange(t.app, pending)).statusCode).toBe(400);
    // Signing in again makes a new account.
    expect((await ssoSession(t.app, provider, 'ada')).user.id).not.toBe(session.user.id);
  });
});

describe(`single sign-on and the server's settings on ${TEST_DB}`, () => {
  let provider: TestProvider | undefined;
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await provider?.close();
  });

  async function appWith(overrides: Record<string, string>) {
    const started = await startWithProvider(overrides);
    apps.push(started.t);
    provider = started.provider;
    return started;
  }

  it('with OIDC_ONLY, hides and refuses password sign-in and sign-up, and still signs in by single sign-on', async () => {
    const { t, provider: idp } = await appWith({ OIDC_ONLY: 'true', OIDC_BUTTON_LABEL: 'Sign in with Authentik' });
    idp.accounts.set('only', { email: 'only@example.com', email_verified: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      signup: 'open',
      password: false,
      oidc: { label: 'Sign in with Authentik' },
    });
    const session = await ssoSession(t.app, idp, 'only');
    expect(session.user.email).toBe('only@example.com');
    const refusedLogin = await login(t.app, 'only@example.com', STRONG_PASSWORD);
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json()).toEqual({ message: PASSWORD_SIGN_IN_OFF });
    const refusedSignup = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { plan: 'free', email: 'form@example.com', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    expect(refusedSignup.statusCode).toBe(403);
    expect(refusedSignup.json()).toEqual({ message: PASSWORD_SIGN_IN_OFF });
    // Refused before the body is read: even a malformed one gets the 403.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 42 } })).statusCode).toBe(403);
  });

  it('with SIGNUP=closed, makes no account by single sign-on, and still signs in one made before', async () => {
    const { t, provider: idp } = await appWith({});
    idp.accounts.set('member', { email: 'member@example.com', email_verified: true });
    idp.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true });
    const before = await ssoSession(t.app, idp, 'member');
    t.config.SIGNUP = 'closed';
    expect(ssoError(await signInAtProvider(t.app, idp, 'stranger'))).toBe('signup_closed');
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'stranger@example.com').execute()).toEqual([]);
    expect((await ssoSession(t.app, idp, 'member')).user.id).toBe(before.user.id);
  });

  it('with SIGNUP=invite, makes an account only for a sign-in started from a live invitation', async () => {
    // The owner's account is made while the server is open; then its operator makes it invite-only.
    const { t, provider: idp } = await appWith({});
    const { token } = await registerUser(t.app, 'owner@example.com');
    t.config.SIGNUP = 'invite';
    idp.accounts.set('guest', { email: 'guest@example.com', email_verified: true });
    expect(ssoError(await signInAtProvider(t.app, idp, 'guest'))).toBe('signup_invite');
    expect(ssoError(await signInAtProvider(t.app, idp, 'guest', `?invitation_token=${'x'.repeat(43)}`))).toBe('signup_invite');

    const book = (await asUser(t.app, token, { method: 'POST', url: '/api/books', payload: { name: 'Home' } })).json<{ id: number }>().id;
    await asUser(t.app, token, { method: 'POST', url: `/api/books/${book}/invitations`, payload: { email: 'guest@example.com', role: 'editor' } });
    const mail = await t.database.db.selectFrom('outbox').select('body_text').where('to_address', '=', 'guest@example.com').executeTakeFirstOrThrow();
    const invitation = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1] ?? '';
    const session = await ssoSession(t.app, idp, 'guest', `?invitation_token=${invitation}&timezone=-5`);
    expect(session.user).toMatchObject({ email: 'guest@example.com', timezone: -5 });
    // Joining the book stays the invitation page's step (DECISIONS.md #79).
    const joined = await asUser(t.app, session.api_token, { method: 'POST', url: `/api/invitations/${invitation}/accept` });
    expect(joined.statusCode).toBe(200);
  });

  it('answers the login page when single sign-on is not set up', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ signup: 'open', password: true, oidc: null });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?sso_error=off');
    expect((await exchange(t.app, 'whatever')).statusCode).toBe(404);
  });
});
