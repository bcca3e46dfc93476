/**
 * Issue 28: two-factor could be set up with a session alone, and nothing told the person. Setting
 * it up now asks for the current password, and turning it on or off mails a notice
 * (DECISIONS.md #75).
 */
import { MESSAGES } from '@mindspend/domain';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../test/fixtures';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

describe(`two-factor and re-authentication on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const outboxTo = (address: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', address)
      .orderBy('id')
      .execute();
  const pendingSecret = async (email: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('two_factor_secret_encrypted')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).two_factor_secret_encrypted;

  const setUp = (token: string, payload?: Record<string, string>) =>
    asUser(t.app, token, { method: 'POST', url: '/api/user/two-factor', ...(payload && { payload }) });

  it.each([
    ['without a body', undefined],
    ['without the password', {}],
    ['with a wrong password', { current_password: 'Wrong-Guess-42' }],
  ])('refuses to set two-factor up %s, storing no secret', async (label, payload) => {
    const email = `setup-${label.replace(/\W+/g, '-')}@example.com`;
    const { token } = await registerUser(t.app, email);
    const response = await setUp(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    expect(await pendingSecret(email)).toBeNull();
    expect(await outboxTo(email)).toEqual([]);
  });

  it('sets up with the password, mails a notice once it is on, and another once it is off', async () => {
    const { token } = await registerUser(t.app, 'notice-2fa@example.com');
    const setup = await setUp(token, { current_password: STRONG_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    // Pending is not on: nothing to tell yet, and a wrong first code tells nothing either.
    const wrongCode = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(await outboxTo('notice-2fa@example.com')).toEqual([]);

    const confirm = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const afterOn = await outboxTo('notice-2fa@example.com');
    expect(afterOn.map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in was turned on for your Mindspend account',
    ]);
    expect(afterOn[0]?.body_text).toContain('If you did not turn it on');
    expect(afterOn[0]?.body_text).not.toContain(secret);

    t.clock.advanceMinutes(1);
    const off = await asUser(t.app, token, {
      method: 'DELETE',
      url: '/api/user/two-factor',
      payload: { current_password: STRONG_PASSWORD, code: await codeAt(secret) },
    });
    expect(off.statusCode).toBe(204);
    expect((await outboxTo('notice-2fa@example.com')).map((mail) => mail.subject)).toEqual([
      'Two-factor sign-in was turned on for your Mindspend account',
      'Two-factor sign-in was turned off for your Mindspend account',
    ]);
  });
});
