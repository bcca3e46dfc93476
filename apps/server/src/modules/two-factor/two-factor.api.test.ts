import { MESSAGES } from '@mindspend/domain';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody } from '../../test/fixtures';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

describe(`two-factor sign-in on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TWO_FACTOR_ENCRYPTION_KEY: 'test-two-factor-key-0123456789abcdef' });
  });
  afterAll(() => t?.close());

  /** The code an authenticator app shows at the test clock's time, `steps` steps later. */
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + steps * 30 });

  const signIn = (email: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: STRONG_PASSWORD, ...extra },
    });

  /** Setting two-factor up asks for the password (DECISIONS.md #75). */
  const setupRequest = {
    method: 'POST',
    url: '/api/user/two-factor',
    payload: { current_password: STRONG_PASSWORD },
  } as const;

  /** A user with two-factor on: their token, secret and recovery codes. */
  async function userWithTwoFactor(email: string) {
    const { token } = await registerUser(t.app, email);
    const setup = await asUser(t.app, token, setupRequest);
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    // The confirming code's step is used up: later sign-ins in these tests move to the next step.
    t.clock.advanceMinutes(1);
    return { token, secret, recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  it('sets up a pending secret, refuses a wrong code, and turns on with a right one', async () => {
    const { token } = await registerUser(t.app, 'setup@example.com');
    const setup = await asUser(t.app, token, setupRequest);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Mindspend:setup%40example.com?secret=${secret}&issuer=Mindspend`,
    );

    // Pending: sign-in still needs only the password, and the secret is not stored readable.
    expect((await signIn('setup@example.com')).json()).toHaveProperty('api_token');
    const row = await t.database.db
      .selectFrom('users')
      .select(['two_factor_secret_encrypted'])
      .where('email', '=', 'setup@example.com')
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret_encrypted).not.toContain(secret);

    const wrongCode = (Number(await codeAt(secret)) + 1) % 1_000_000;
    const wrong = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: String(wrongCode).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ErrorBody>().errors).toEqual({ code: [MESSAGES.oneTimePasswordWrong] });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({
      user: { two_factor_enabled: false },
    });

    const right = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code: await codeAt(secret) },
    });
    expect(right.statusCode).toBe(200);
    const codes = right.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({
      user: { two_factor_enabled: true },
    });
  });

  it('asks for the code after the right password and gives no token until then', async () => {
    const { secret } = await userWithTwoFactor('login-2fa@example.com');
    const first = await signIn('login-2fa@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true });

    // A wrong password still answers 401, without telling that two-factor is on.
    const badPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'login-2fa@example.com', password: 'Wrong-Guess-42' },
    });
    expect(badPassword.statusCode).toBe(401);

    const wrong = await signIn('login-2fa@example.com', {
      one_time_password: '000000' === (await codeAt(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ErrorBody>().errors).toEqual({ one_time_password: [MESSAGES.oneTimePasswordWrong] });

    const code = await codeAt(secret);
    const withCode = await signIn('login-2fa@example.com', { one_time_password: code });
    expect(withCode.statusCode).toBe(200);
    const token = withCode.json<{ api_token: string }>().api_token;
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    // The same code again (a replay) is refused; the previous step's code is accepted once the clock moves on.
    expect((await signIn('login-2fa@example.com', { one_time_password: code })).statusCode).toBe(422);
    t.clock.advanceMinutes(1);
    expect(
      (await signIn('login-2fa@example.com', { one_time_password: await codeAt(secret, -1) })).statusCode,
    ).toBe(200);
    expect(
      (await signIn('login-2fa@example.com', { one_time_password: await codeAt(secret, -3) })).statusCode,
    ).toBe(422);
  });

  it('signs in once with each recovery code', async () => {
    const { recoveryCodes } = await userWithTwoFactor('recovery@example.com');
    const [code] = recoveryCodes;
    const once = await signIn('recovery@example.com', { one_time_password: (code as string).toUpperCase() });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toHaveProperty('api_token');
    const again = await signIn('recovery@example.com', { one_time_password: code as string });
    expect(again.statusCode).toBe(422);
    expect(again.json<ErrorBody>().errors).toEqual({ one_time_password: [MESSAGES.oneTimePasswordWrong] });
  });

  it('turns off only with the right password and a right code', async () => {
    const { token, secret } = await userWithTwoFactor('turn-off@example.com');
    const off = (payload: Record<string, string>) =>
      asUser(t.app, token, { method: 'DELETE', url: '/api/user/two-factor', payload });

    const wrongPassword = await off({ current_password: 'Wrong-Guess-42', code: await codeAt(secret) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json<ErrorBody>().errors).toEqual({
      current_password: [MESSAGES.currentPasswordWrong],
    });
    const wrongCode = await off({ current_password: STRONG_PASSWORD, code: '12345' });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json<ErrorBody>().errors).toEqual({ code: [MESSAGES.oneTimePasswordWrong] });
    expect((await signIn('turn-off@example.com')).json()).toEqual({ two_factor_required: true });

    expect((await off({ current_password: STRONG_PASSWORD, code: await codeAt(secret) })).statusCode).toBe(
      204,
    );
    expect((await signIn('turn-off@example.com')).json()).toHaveProperty('api_token');
    expect(
      await t.database.db
        .selectFrom('two_factor_recovery_codes')
        .selectAll()
        .innerJoin('users', 'users.id', 'two_factor_recovery_codes.user_id')
        .where('users.email', '=', 'turn-off@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('answers 401 without a token and 422 to a second setup once on', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/two-factor' })).statusCode).toBe(401);
    const { token } = await userWithTwoFactor('twice@example.com');
    const again = await asUser(t.app, token, setupRequest);
    expect(again.statusCode).toBe(422);
    expect(again.json<ErrorBody>().errors).toEqual({ two_factor: [MESSAGES.twoFactorAlreadyOn] });
  });

  it('stops taking codes for an account after 10 tries in 15 minutes, even the right one', async () => {
    const { secret } = await userWithTwoFactor('guessed@example.com');
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn('guessed@example.com', { one_time_password: wrong })).statusCode).toBe(422);
    }
    const locked = await signIn('guessed@example.com', { one_time_password: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many codes tried. Please try again in 15 minutes.' });
    t.clock.advanceMinutes(16);
    expect(
      (await signIn('guessed@example.com', { one_time_password: await codeAt(secret) })).statusCode,
    ).toBe(200);
  });

  it('signs in once with one code when the same code races from two server processes', async () => {
    const key = { TWO_FACTOR_ENCRYPTION_KEY: 'test-two-factor-key-0123456789abcdef' };
    const second = TEST_DB === 'postgres' ? await createTestApp(key, { shareDatabaseWith: t }) : t;
    try {
      const { secret } = await userWithTwoFactor('race-code@example.com');
      const code = await codeAt(secret);
      const payload = { email: 'race-code@example.com', password: STRONG_PASSWORD, one_time_password: code };
      const answers = await Promise.all(
        [t, second, t, second].map((app) => app.app.inject({ method: 'POST', url: '/api/login', payload })),
      );
      // The step a code belongs to is taken by one guarded update: a replayed code never signs in.
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422]);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
