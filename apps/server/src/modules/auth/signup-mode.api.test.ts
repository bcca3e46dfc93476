/**
 * Who may sign up (`SIGNUP`, issue 28; DECISIONS.md #79): `closed` creates no account, `invite`
 * only for a visitor holding a live invitation link, `open` (the default) for anyone; the mode is
 * public at GET /api/auth/config, and a refused sign-up writes nothing.
 */
import { SIGNUP_BY_INVITATION, SIGNUP_CLOSED } from '@mindspend/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const signUp = (t: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { plan: 'free', email, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, timezone: 0, ...extra },
  });

const users = (t: TestApp) => t.database.db.selectFrom('users').select('email').execute();

describe(`who may sign up on ${TEST_DB}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lets anyone sign up by default, and says so', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ signup: 'open', password: true, oidc: null });
    expect((await signUp(t, 'open@example.com')).statusCode).toBe(201);
  });

  it('creates no account when sign-up is closed', async () => {
    t = await createTestApp({ SIGNUP: 'closed' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ signup: 'closed', password: true, oidc: null });
    const refused = await signUp(t, 'closed@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SIGNUP_CLOSED });
    expect(await users(t)).toEqual([]);
  });

  it('creates an account by invitation only, with a live link, which still joins the book as a step of its own', async () => {
    // The first account is made while the server is open; then its operator restarts it invite-only.
    t = await createTestApp();
    const app = t;
    const { token } = await registerUser(app.app, 'owner@example.com');
    app.config.SIGNUP = 'invite';
    expect((await app.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ signup: 'invite', password: true, oidc: null });

    expect((await signUp(app, 'uninvited@example.com')).json()).toEqual({ message: SIGNUP_BY_INVITATION });
    expect((await signUp(app, 'forged@example.com', { invitation_token: 'x'.repeat(43) })).statusCode).toBe(403);
    expect(await users(app)).toEqual([{ email: 'owner@example.com' }]);

    const book = (await asUser(app.app, token, { method: 'POST', url: '/api/books', payload: { name: 'Home' } })).json<{ id: number }>().id;
    await asUser(app.app, token, { method: 'POST', url: `/api/books/${book}/invitations`, payload: { email: 'guest@example.com', role: 'editor' } });
    const mail = await app.database.db.selectFrom('outbox').select('body_text').where('to_address', '=', 'guest@example.com').executeTakeFirstOrThrow();
    const invitation = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];

    const created = await signUp(app, 'guest@example.com', { invitation_token: invitation });
    expect(created.statusCode).toBe(201);
    const guest = created.json<{ api_token: string }>().api_token;
    expect((await asUser(app.app, guest, { method: 'POST', url: `/api/invitations/${invitation}/accept` })).statusCode).toBe(200);
    // Used, the link signs nobody else up.
    expect((await signUp(app, 'second@example.com', { invitation_token: invitation })).json()).toEqual({ message: SIGNUP_BY_INVITATION });
  });
});
