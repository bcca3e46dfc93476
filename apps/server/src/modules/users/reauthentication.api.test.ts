import { MESSAGES } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, login } from '../../test/fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`re-authentication on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const outboxTo = (address: string) =>
    t.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', address).execute();

  it.each([
    ['without a password', {}],
    ['with a wrong password', { current_password: 'Wrong-Guess-42' }],
  ])('refuses an e-mail change %s and changes nothing', async (_label, extra) => {
    const email = `stay-${Object.keys(extra).length}@example.com`;
    const { token, userId } = await registerUser(t.app, email);
    const response = await asUser(t.app, token, {
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { email: `taken-over-${Object.keys(extra).length}@example.com`, first_name: 'Mallory', ...extra },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    expect(MESSAGES.currentPasswordWrong).toBe('The current password is incorrect.');
    const me = await asUser(t.app, token, { method: 'GET', url: '/api/user' });
    expect(me.json()).toMatchObject({ user: { email, first_name: null } });
    expect(await outboxTo(email)).toEqual([]);
  });

  it('changes the e-mail with the right password and mails a notice to the old address', async () => {
    const { token, userId } = await registerUser(t.app, 'old-address@example.com');
    const response = await asUser(t.app, token, {
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { email: 'new-address@example.com', current_password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: 'new-address@example.com' } });

    const notices = await outboxTo('old-address@example.com');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('The e-mail of your Mindspend account was changed');
    expect(notices[0]?.body_text).toContain('from old-address@example.com to new-address@example.com');
    expect(await outboxTo('new-address@example.com')).toEqual([]);
    expect((await login(t.app, 'new-address@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('edits names and timezone, or re-sends the same e-mail, without asking for the password', async () => {
    const { token, userId } = await registerUser(t.app, 'names-only@example.com');
    const response = await asUser(t.app, token, {
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { first_name: 'Ada', timezone: 2, email: 'Names-Only@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(await outboxTo('names-only@example.com')).toEqual([]);
  });

  it.each([
    ['without a password', undefined],
    ['with a wrong password', { current_password: 'Wrong-Guess-42' }],
  ])('refuses to delete the account %s and keeps it', async (_label, payload) => {
    const email = `keep-me-${payload ? 'wrong' : 'none'}@example.com`;
    const { token, userId } = await registerUser(t.app, email);
    const response = await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${userId}`, ...(payload && { payload }) });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('deletes the account with the right password', async () => {
    const { token, userId } = await registerUser(t.app, 'leave-now@example.com');
    const response = await asUser(t.app, token, {
      method: 'DELETE',
      url: `/api/users/${userId}`,
      payload: { current_password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect((await login(t.app, 'leave-now@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
  });
});
