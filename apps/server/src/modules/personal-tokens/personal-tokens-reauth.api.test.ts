/**
 * Issue 28: a personal access token could be created with a session alone and outlived every
 * remedy a person uses after a theft. Creating one now asks for the current password and mails a
 * notice; a password reset and "sign out everywhere" revoke the person's tokens (DECISIONS.md #75).
 */
import { MESSAGES } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, requestResetToken } from '../../test/fixtures';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

describe(`personal access tokens and re-authentication on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const outboxTo = (address: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', address)
      .orderBy('id')
      .execute();
  const tokenCount = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('personal_access_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  function create(session: string, payload: Record<string, unknown>) {
    return asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'script', scope: 'write', ...payload },
    });
  }

  async function createdToken(session: string): Promise<string> {
    const response = await create(session, { current_password: STRONG_PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string }>().token;
  }

  const goals = (token: string) => asUser(t.app, token, { method: 'GET', url: '/api/goals' });

  it.each([
    ['without the password', {}],
    ['with a wrong password', { current_password: 'Wrong-Guess-42' }],
    ['with an empty password', { current_password: '' }],
  ])('refuses to create a token %s, creating and mailing nothing', async (label, extra) => {
    const email = `pat-${label.replace(/\W+/g, '-')}@example.com`;
    const { token: session, userId } = await registerUser(t.app, email);
    const response = await create(session, extra);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toEqual({
      message: MESSAGES.currentPasswordWrong,
      errors: { current_password: [MESSAGES.currentPasswordWrong] },
    });
    expect(await tokenCount(userId)).toBe(0);
    expect(await outboxTo(email)).toEqual([]);
  });

  it('creates a token with the password and mails the person a notice that never holds the token', async () => {
    const { token: session } = await registerUser(t.app, 'pat-notice@example.com');
    const response = await create(session, { name: 'Nightly export', current_password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(201);
    const { token } = response.json<{ token: string }>();
    expect((await goals(token)).statusCode).toBe(200);

    const mails = await outboxTo('pat-notice@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('A personal access token was created for your Mindspend account');
    expect(mails[0]?.body_text).toContain('“Nightly export” (read and write)');
    expect(mails[0]?.body_text).toContain('revoke it in Settings → Personal access tokens');
    expect(mails[0]?.body_text).not.toContain(token.slice(4));
  });

  it('revokes every personal access token with a password reset, and says so', async () => {
    const { token: session, userId } = await registerUser(t.app, 'pat-reset@example.com');
    const first = await createdToken(session);
    const second = await createdToken(session);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        email: 'pat-reset@example.com',
        token: await requestResetToken(t, 'pat-reset@example.com'),
        password: 'Fresh-Start-2026',
        password_confirmation: 'Fresh-Start-2026',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ message: string }>().message).toContain('your personal access tokens were revoked');
    for (const token of [first, second, session]) expect((await goals(token)).statusCode).toBe(401);
    expect(await tokenCount(userId)).toBe(0);
  });

  it('revokes every personal access token when the person signs out everywhere, keeping this session', async () => {
    const { token: session, userId } = await registerUser(t.app, 'pat-everywhere@example.com');
    const scriptToken = await createdToken(session);
    const other = await registerUser(t.app, 'pat-bystander@example.com');
    const bystanderToken = await createdToken(other.token);

    const out = await asUser(t.app, session, { method: 'DELETE', url: '/api/user/sessions' });
    expect(out.statusCode).toBe(204);
    expect((await goals(scriptToken)).statusCode).toBe(401);
    expect(await tokenCount(userId)).toBe(0);
    expect((await goals(session)).statusCode).toBe(200);
    // Another person's tokens are theirs to keep.
    expect((await goals(bystanderToken)).statusCode).toBe(200);
  });
});
