import { MESSAGES, requiredMessage } from '@mindspend/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, latestResetLink, login, register, requestResetToken } from '../../test/fixtures';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

/** A registration payload on the free plan; override any field. */
function freeRegistration(email: string, overrides: Record<string, unknown> = {}) {
  return { plan: 'free', email, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, timezone: 0, ...overrides };
}

describe(`auth API on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('signs up on the free plan and signs in with the same password', async () => {
    const { userId } = await registerUser(t.app, 'first@example.com');
    const response = await login(t.app, 'First@Example.com ', STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: userId, email: 'first@example.com', plan: 'free', is_paid: false });
    expect(response.json().user).not.toHaveProperty('password_hash');
    expect(response.json().api_token).toMatch(/^[\w-]{40,}$/);
  });

  describe('login validation', () => {
    it('requires the e-mail and the password, with the messages of spec §5', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.emailRequiredLogin,
        errors: { email: ['Email is required.'], password: ['Password is required.'] },
      });
    });

    it('treats a blank e-mail and an empty password as missing', async () => {
      const response = await login(t.app, '   ', '');
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
    });

    it('gives exactly the same answer for a wrong password and an unknown e-mail', async () => {
      await registerUser(t.app, 'known@example.com');
      const wrongPassword = await login(t.app, 'known@example.com', 'Wrong1234');
      const unknownEmail = await login(t.app, 'nobody@example.com', 'Wrong1234');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(wrongPassword.json()).toEqual({ message: MESSAGES.loginFailed });
    });
  });

  describe('registration validation', () => {
    it('names every empty field with "The {field} field is required."', async () => {
      const response = await register(t.app, { plan: 'free' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The email field is required.',
        errors: {
          email: [requiredMessage('email')],
          password: ['The password field is required.'],
          password_confirmation: ['The password confirmation field is required.'],
        },
      });
    });

    it.each(['plainaddress', 'no-at.example.com', 'two@@example.com', 'space in@example.com', 'missing@tld'])(
      'refuses the e-mail %j as invalid',
      async (email) => {
        const response = await register(t.app, freeRegistration(email));
        expect(response.statusCode).toBe(422);
        expect(response.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailInvalid] });
      },
    );

    it.each([
      ['7 characters', 'Abcde12'],
      ['257 characters', 'x'.repeat(257)],
      ['7 emoji (14 UTF-16 units)', '🔑'.repeat(7)],
    ])('refuses a password of %s (DECISIONS.md #92)', async (_case, password) => {
      const response = await register(t.app, freeRegistration('weak@example.com', { password, password_confirmation: password }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ password: [MESSAGES.passwordRule] });
    });

    it.each([
      ['exactly 8 characters', 'bcdefgxy', 'min8@example.com'],
      ['exactly 256 characters', `Ab1${'y'.repeat(253)}`, 'max256@example.com'],
      ['256 emoji', '🔑'.repeat(256), 'emoji@example.com'],
      ['no digit or capital letter', 'quiet meadow lantern', 'lowercase@example.com'],
    ])('accepts a password of %s and signs in with it', async (_case, password, email) => {
      expect([...password].length === 8 || [...password].length === 256 || password.includes(' ')).toBe(true);
      const response = await register(t.app, freeRegistration(email, { password, password_confirmation: password }));
      expect(response.statusCode).toBe(201);
      expect((await login(t.app, email, password)).statusCode).toBe(200);
    });

    it('refuses a confirmation that does not match the password', async () => {
      const response = await register(t.app, freeRegistration('mismatch@example.com', { password_confirmation: 'Secret124' }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ password_confirmation: [MESSAGES.confirmationMismatch] });
    });

    it('refuses an e-mail that already has an account, whatever its case, and keeps the first password', async () => {
      await registerUser(t.app, 'taken@example.com');
      const response = await register(t.app, freeRegistration(' Taken@Example.COM', { password: 'Other1234', password_confirmation: 'Other1234' }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
      expect((await login(t.app, 'taken@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
      expect((await login(t.app, 'taken@example.com', 'Other1234')).statusCode).toBe(401);
    });

    it('refuses an address longer than 254 characters as stored (lowercased), on both databases', async () => {
      // 'İ' lowercases to two characters: 254 typed characters would be stored as 314.
      const email = `${'İ'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com`;
      expect(email.length).toBe(254);
      const response = await register(t.app, freeRegistration(email));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailInvalid] });
    });

    it('creates one account when the same sign-up arrives several times at once (double click)', async () => {
      const payload = freeRegistration('double@example.com');
      const responses = await Promise.all([1, 2, 3].map(() => register(t.app, payload)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 422, 422]);
      for (const response of responses.filter((r) => r.statusCode === 422)) {
        expect(response.json<ErrorBody>().errors).toEqual({ email: [MESSAGES.emailTaken] });
      }
      const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', 'double@example.com').execute();
      expect(rows).toHaveLength(1);
    });

    it('signs up any valid address (fast-check) and signs it in whatever its case', async () => {
      await fc.assert(
        fc.asyncProperty(fc.emailAddress(), async (email) => {
          const response = await register(t.app, freeRegistration(email));
          expect(response.statusCode, `${email} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode !== 201) {
            // Only the product's stricter rule (something@domain.tld) or a repeat may refuse it.
            expect(response.json<ErrorBody>().errors?.email, email).toEqual([expect.stringMatching(/invalid|taken/)]);
            return;
          }
          expect(response.json().user.email).toBe(email.toLowerCase());
          expect((await login(t.app, ` ${email.toUpperCase()} `, STRONG_PASSWORD)).statusCode, email).toBe(200);
        }),
        { numRuns: 25 },
      );
    });

    it('refuses an unknown plan with a message naming the field', async () => {
      const response = await register(t.app, freeRegistration('plan@example.com', { plan: 'platinum' }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors?.plan?.[0]).toMatch(/plan/);
    });
  });

  describe('logout and tokens', () => {
    it('revokes the token it was called with; other sessions stay signed in', async () => {
      const { token } = await registerUser(t.app, 'logout@example.com');
      const second = (await login(t.app, 'logout@example.com', STRONG_PASSWORD)).json<{ api_token: string }>().api_token;
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

      const response = await asUser(t.app, token, { method: 'POST', url: '/api/logout' });
      expect(response.statusCode).toBe(204);

      const after = await asUser(t.app, token, { method: 'GET', url: '/api/user' });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Unauthenticated.' });
      expect((await asUser(t.app, second, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    });

    it('answers 401 Unauthenticated. to an unknown or malformed token', async () => {
      for (const header of ['Bearer not-a-real-token', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(600)}`]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: header } });
        expect(response.statusCode, header).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('lets logout without a token succeed, so the client can always clear its data', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    });

    it('revokes the token whatever body the logout carries, an empty JSON body included', async () => {
      const bodies: Array<[string, string]> = [['', 'application/json'], ['{bad', 'application/json'], ['x', 'text/plain']];
      for (const [payload, type] of bodies) {
        const { token } = await registerUser(t.app, `logout-${type.length}-${payload.length}@example.com`);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          payload,
        });
        expect(response.statusCode, `${type} ${payload}`).toBe(204);
        expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      }
    });
  });

  describe('forgot and reset password', () => {
    it('requires the e-mail with "Please enter your email." on both forms', async () => {
      const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: {} });
      expect(forgot.statusCode).toBe(422);
      expect(forgot.json()).toEqual({ message: 'Please enter your email.', errors: { email: ['Please enter your email.'] } });

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email: ' ', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, token: 'x' },
      });
      expect(reset.statusCode).toBe(422);
      expect(reset.json<ErrorBody>().errors).toEqual({ email: ['Please enter your email.'] });
    });

    it('answers the same success for an unknown address and mails nothing', async () => {
      const before = await t.database.db.selectFrom('outbox').select('id').execute();
      const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'ghost@example.com' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Reset password email sent successfully.' });
      expect(await t.database.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
    });

    it('answers a known address without waiting for the mail server, so timing does not tell which addresses exist', async () => {
      const stalled = await createTestApp({}, { mailTransport: { send: () => new Promise<void>(() => undefined) } });
      try {
        await registerUser(stalled.app, 'slow-mail@example.com');
        const response = await stalled.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'slow-mail@example.com' } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: 'Reset password email sent successfully.' });
        const queued = await stalled.database.db.selectFrom('outbox').select(['to_address', 'sent_at']).execute();
        expect(queued).toEqual([{ to_address: 'slow-mail@example.com', sent_at: null }]);
      } finally {
        await stalled.close();
      }
    });

    it('applies the password rule and the confirmation to the new password', async () => {
      const weak = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email: 'a@example.com', password: 'short', password_confirmation: 'other', token: 'x' },
      });
      expect(weak.statusCode).toBe(422);
      expect(weak.json<ErrorBody>().errors).toEqual({
        password: [MESSAGES.passwordRule],
        password_confirmation: [MESSAGES.confirmationMismatch],
      });
    });

    it('mails a link that resets the password once, signs out every session, and not twice', async () => {
      const email = 'reset@example.com';
      const { token: session } = await registerUser(t.app, email);
      const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
      expect(response.json()).toEqual({ message: 'Reset password email sent successfully.' });
      const link = await latestResetLink(t, email);
      expect(Buffer.from(link.encodedEmail, 'base64url').toString()).toBe(email);

      const newPassword = 'Brandnew42';
      const payload = { email, password: newPassword, password_confirmation: newPassword, token: link.token };
      const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toMatch(/reset/i);

      expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(401);
      expect((await login(t.app, email, newPassword)).statusCode).toBe(200);
      expect((await asUser(t.app, session, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);

      const again = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { ...payload, password: 'Another99', password_confirmation: 'Another99' },
      });
      expect(again.statusCode).toBe(422);
      expect(again.json<ErrorBody>().errors).toEqual({ token: [MESSAGES.resetTokenInvalid] });
      expect((await login(t.app, email, newPassword)).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous resets with the same link through', async () => {
      const email = 'race-reset@example.com';
      await registerUser(t.app, email);
      const token = await requestResetToken(t, email);
      const responses = await Promise.all(
        ['Firstnew1', 'Secondnew2'].map((password) =>
          t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email, password, password_confirmation: password, token } }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      const winner = responses[0]?.statusCode === 200 ? 'Firstnew1' : 'Secondnew2';
      const loser = winner === 'Firstnew1' ? 'Secondnew2' : 'Firstnew1';
      expect((await login(t.app, email, winner)).statusCode).toBe(200);
      expect((await login(t.app, email, loser)).statusCode).toBe(401);
    });

    it('refuses a link older than 60 minutes and keeps the old password', async () => {
      const email = 'expired@example.com';
      await registerUser(t.app, email);
      const token = await requestResetToken(t, email);
      t.clock.advanceMinutes(61);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email, password: 'Brandnew42', password_confirmation: 'Brandnew42', token },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ token: [MESSAGES.resetTokenInvalid] });
      expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
    });

    it('accepts a link within its 60 minutes', async () => {
      const email = 'inhour@example.com';
      await registerUser(t.app, email);
      const token = await requestResetToken(t, email);
      t.clock.advanceMinutes(59);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email, password: 'Brandnew42', password_confirmation: 'Brandnew42', token },
      });
      expect(response.statusCode).toBe(200);
    });

    it('revokes an older link once a newer one was used (issue 12)', async () => {
      const email = 'two-links@example.com';
      await registerUser(t.app, email);
      const first = await requestResetToken(t, email);
      const second = await requestResetToken(t, email);
      const reset = (token: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email, password, password_confirmation: password, token } });
      expect((await reset(second, 'Brandnew42')).statusCode).toBe(200);
      const stale = await reset(first, 'Another99');
      expect(stale.statusCode).toBe(422);
      expect(stale.json<ErrorBody>().errors).toEqual({ token: [MESSAGES.resetTokenInvalid] });
      expect((await login(t.app, email, 'Brandnew42')).statusCode).toBe(200);
    });

    it('revokes every outstanding link when the password is changed in settings (issue 12)', async () => {
      const email = 'changed-then-link@example.com';
      const { token: session } = await registerUser(t.app, email);
      const link = await requestResetToken(t, email);
      const change = await asUser(t.app, session, {
        method: 'POST',
        url: '/api/users/change-password',
        payload: { current_password: STRONG_PASSWORD, new_password: 'Brandnew42', new_password_confirmation: 'Brandnew42' },
      });
      expect(change.statusCode).toBe(200);
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { email, password: 'Another99', password_confirmation: 'Another99', token: link },
      });
      expect(stale.statusCode).toBe(422);
      expect((await login(t.app, email, 'Brandnew42')).statusCode).toBe(200);
    });

    it("refuses another user's token and an unknown e-mail the same way", async () => {
      await registerUser(t.app, 'owner@example.com');
      await registerUser(t.app, 'thief@example.com');
      const token = await requestResetToken(t, 'owner@example.com');
      const body = { password: 'Brandnew42', password_confirmation: 'Brandnew42', token };
      const other = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { ...body, email: 'thief@example.com' } });
      const ghost = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { ...body, email: 'ghost@example.com' } });
      expect(other.statusCode).toBe(422);
      expect(ghost.body).toBe(other.body);
      expect((await login(t.app, 'thief@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
      // The owner's link is still good after the failed attempts.
      const own = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { ...body, email: 'owner@example.com' } });
      expect(own.statusCode).toBe(200);
    });
  });
});

describe(`the password rule of NIST SP 800-63B on ${TEST_DB} (issue 35, DECISIONS.md #92)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('accepts a passphrase with spaces and no capital letter at registration, and signs in with it', async () => {
    const password = 'correct horse battery staple 9';
    const response = await register(t.app, freeRegistration('passphrase@example.com', { password, password_confirmation: password }));
    expect(response.statusCode).toBe(201);
    expect((await login(t.app, 'passphrase@example.com', password)).statusCode).toBe(200);
  });

  it('refuses Password1 at registration as too common, not by any composition rule', async () => {
    const response = await register(t.app, freeRegistration('password1@example.com', { password: 'Password1', password_confirmation: 'Password1' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.passwordTooCommon,
      errors: { password: [MESSAGES.passwordTooCommon] },
    });
  });
});

describe(`common passwords on ${TEST_DB} (issue 12)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const tooCommon = { message: MESSAGES.passwordTooCommon };

  it.each(['Password1', 'Passw0rd', 'pASSWORD1'])('refuses %s at registration', async (password) => {
    const response = await register(t.app, freeRegistration(`common-${password}@example.com`, { password, password_confirmation: password }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ ...tooCommon, errors: { password: [MESSAGES.passwordTooCommon] } });
  });

  it('refuses a common password in a reset and keeps the link usable', async () => {
    const email = 'common-reset@example.com';
    await registerUser(t.app, email);
    const token = await requestResetToken(t, email);
    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email, password, password_confirmation: password, token } });
    const common = await reset('Passw0rd');
    expect(common.statusCode).toBe(422);
    expect(common.json()).toEqual({ ...tooCommon, errors: { password: [MESSAGES.passwordTooCommon] } });
    expect((await reset('Brandnew42')).statusCode).toBe(200);
  });

  it('refuses a common password in settings and keeps the old one', async () => {
    const email = 'common-change@example.com';
    const { token } = await registerUser(t.app, email);
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/users/change-password',
      payload: { current_password: STRONG_PASSWORD, new_password: 'Password1', new_password_confirmation: 'Password1' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ ...tooCommon, errors: { new_password: [MESSAGES.passwordTooCommon] } });
    expect((await login(t.app, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe(`auth rate limiting on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t?.close());

  it('answers 429 with a clear message to the 4th sign-in attempt within a minute', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(t.app, 'guess@example.com', `Guess${attempt}abc`)).statusCode).toBe(401);
    }
    const blocked = await login(t.app, 'guess@example.com', 'Guess4abc');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  it('limits the forgot-password form too', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'a@example.com' } });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
