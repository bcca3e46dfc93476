/**
 * Issue 28, signing in with a passkey (DECISIONS.md #80): usernameless, as both factors when
 * two-factor is on, and refused with a reason and no session for a replayed or expired challenge,
 * another origin, a counter that went backwards, a passkey nobody registered or another person's.
 * Two sign-ins racing one challenge: one wins. Real assertions of a software passkey.
 */
import { PASSKEY_MESSAGES } from '@mindspend/api-contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../test/fixtures';
import { addPasskey, loginOptions, passkeySignIn } from '../../test/passkey-steps';
import { SoftPasskey } from '../../test/soft-authenticator';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

describe(`signing in with a passkey on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionCount = async (userId: number) =>
    (await t.database.db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute())
      .length;

  /** A person with one passkey; their session from sign-up is the one session they have. */
  async function personWithPasskey(email: string) {
    const person = await registerUser(t.app, email);
    const { passkey, added } = await addPasskey(t.app, person.token, { name: 'Laptop' });
    return { ...person, passkey, passkeyId: added.id };
  }

  function expectRefused(response: { statusCode: number; json<T>(): T }, message: string) {
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().message).toBe(message);
    expect(response.json()).not.toHaveProperty('api_token');
  }

  it('signs in with no e-mail or password: the token works and the passkey shows its last use', async () => {
    const { userId, passkey } = await personWithPasskey('passkey-sign-in@example.com');
    const options = await loginOptions(t.app);
    // Usernameless: the options name no credential; the passkey says whose it is.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });

    t.clock.advanceMinutes(2);
    const response = await passkeySignIn(t.app, passkey, {}, options);
    expect(response.statusCode, response.body).toBe(200);
    const { api_token: token, user } = response.json<{
      api_token: string;
      user: { id: number; email: string };
    }>();
    expect(user).toMatchObject({ id: userId, email: 'passkey-sign-in@example.com' });
    expect((await asUser(t.app, token, { method: 'GET', url: '/api/goals' })).statusCode).toBe(200);
    expect(await sessionCount(userId)).toBe(2);

    const listed = await asUser(t.app, token, { method: 'GET', url: '/api/user/passkeys' });
    expect(listed.json<{ passkeys: { last_used_at: string | null }[] }>().passkeys[0]?.last_used_at).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('mails a new-device notice as a password sign-in does', async () => {
    const email = 'passkey-new-device@example.com';
    const { passkey } = await personWithPasskey(email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      payload: { response: passkey.assert(await loginOptions(t.app)) },
    });
    expect(response.statusCode).toBe(200);
    const mails = await t.database.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();
    expect(mails.at(-1)?.subject).toBe('A new sign-in to your Mindspend account');
    expect(mails.at(-1)?.body_text).toContain('Firefox on Windows');
  });

  it('counts the passkey as both factors when two-factor is on: no code is asked', async () => {
    const email = 'passkey-two-factor@example.com';
    const { token, userId, passkey } = await personWithPasskey(email);
    const setup = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor',
      payload: { current_password: STRONG_PASSWORD },
    });
    const { secret } = setup.json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const confirm = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      payload: { code },
    });
    expect(confirm.statusCode).toBe(200);
    // The password alone now stops at the code step...
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(password.json()).toEqual({ two_factor_required: true });
    // ...while the passkey signs in at once.
    const response = await passkeySignIn(t.app, passkey);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { id: number; two_factor_enabled: boolean } }>().user).toMatchObject({
      id: userId,
      two_factor_enabled: true,
    });
  });

  it('refuses a replayed assertion: its challenge was used', async () => {
    const { userId, passkey } = await personWithPasskey('passkey-replay@example.com');
    const payload = { response: passkey.assert(await loginOptions(t.app)) };
    expect((await t.app.inject({ method: 'POST', url: '/api/login/passkey', payload })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/login/passkey', payload });
    expectRefused(replay, PASSKEY_MESSAGES.used);
    // A fresh signature over the used challenge is refused the same.
    const options = {
      challenge: JSON.parse(Buffer.from(payload.response.response.clientDataJSON, 'base64url').toString())
        .challenge,
    };
    expectRefused(await passkeySignIn(t.app, passkey, {}, options), PASSKEY_MESSAGES.used);
    expect(await sessionCount(userId)).toBe(2);
  });

  it('refuses an expired challenge', async () => {
    const { userId, passkey } = await personWithPasskey('passkey-expired@example.com');
    const options = await loginOptions(t.app);
    t.clock.advanceMinutes(5);
    expectRefused(await passkeySignIn(t.app, passkey, {}, options), PASSKEY_MESSAGES.expired);
    expect(await sessionCount(userId)).toBe(1);
  });

  it('refuses a challenge the server never issued', async () => {
    const { passkey } = await personWithPasskey('passkey-unissued@example.com');
    expectRefused(
      await passkeySignIn(
        t.app,
        passkey,
        {},
        { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy', rpId: 'localhost' },
      ),
      PASSKEY_MESSAGES.expired,
    );
  });

  it.each([
    ['another origin', { origin: 'https://mindspend.evil.example' }, PASSKEY_MESSAGES.wrongSite],
    ['another port of the same host', { origin: 'http://localhost:4000' }, PASSKEY_MESSAGES.wrongSite],
    ['a cross-origin frame', { crossOrigin: true }, PASSKEY_MESSAGES.wrongSite],
    ['another relying party', { rpId: 'evil.example' }, PASSKEY_MESSAGES.notVerified],
    ['no user verification', { unverified: true }, PASSKEY_MESSAGES.notVerified],
  ])(
    'refuses an assertion made on %s, leaving the challenge to the real one',
    async (_label, bent, message) => {
      const { userId, passkey } = await personWithPasskey(
        `passkey-bent-${Math.random().toString(36).slice(2)}@example.com`,
      );
      const options = await loginOptions(t.app);
      expectRefused(await passkeySignIn(t.app, passkey, bent, options), message);
      expect(await sessionCount(userId)).toBe(1);
      expect((await passkeySignIn(t.app, passkey, {}, options)).statusCode).toBe(200);
    },
  );

  it('refuses a counter that goes backwards, as a copied passkey would report it', async () => {
    const { userId, passkey } = await personWithPasskey('passkey-counter@example.com');
    expect((await passkeySignIn(t.app, passkey, { counter: 7 })).statusCode).toBe(200);
    expectRefused(await passkeySignIn(t.app, passkey, { counter: 5 }), PASSKEY_MESSAGES.counterBackwards);
    expectRefused(await passkeySignIn(t.app, passkey, { counter: 7 }), PASSKEY_MESSAGES.counterBackwards);
    expect((await passkeySignIn(t.app, passkey, { counter: 8 })).statusCode).toBe(200);
    expect(await sessionCount(userId)).toBe(3);
  });

  it('signs in again and again with a passkey that keeps no counter (0 every time)', async () => {
    const { passkey } = await personWithPasskey('passkey-no-counter@example.com');
    expect((await passkeySignIn(t.app, passkey, { counter: 0 })).statusCode).toBe(200);
    expect((await passkeySignIn(t.app, passkey, { counter: 0 })).statusCode).toBe(200);
  });

  it("refuses another person's passkey or user handle, and a passkey nobody registered", async () => {
    const alice = await personWithPasskey('passkey-alice@example.com');
    const mallory = await personWithPasskey('passkey-mallory@example.com');
    // Mallory's passkey, claiming to hold Alice's account.
    expectRefused(
      await passkeySignIn(t.app, mallory.passkey, { userHandle: alice.passkey.userHandle }),
      PASSKEY_MESSAGES.notRecognized,
    );
    // Alice's credential id, signed with Mallory's key.
    expectRefused(
      await passkeySignIn(t.app, mallory.passkey, {
        credentialId: alice.passkey.credentialId,
        userHandle: alice.passkey.userHandle,
      }),
      PASSKEY_MESSAGES.notVerified,
    );
    expectRefused(await passkeySignIn(t.app, new SoftPasskey()), PASSKEY_MESSAGES.notRecognized);
    // A removed passkey no longer signs in.
    await asUser(t.app, alice.token, { method: 'DELETE', url: `/api/user/passkeys/${alice.passkeyId}` });
    expectRefused(await passkeySignIn(t.app, alice.passkey), PASSKEY_MESSAGES.notRecognized);
    expect(await sessionCount(alice.userId)).toBe(1);
  });

  it.each([
    ['no body', undefined],
    ['an empty response', { response: {} }],
    [
      'client data that is not JSON',
      {
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: '', signature: '' },
        },
      },
    ],
    [
      'a signature that is not base64url',
      {
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: '', signature: '<script>' },
        },
      },
    ],
  ])('answers %s with a 4xx and a message, never a 500', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      ...(payload && { payload }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<ErrorBody>().message.length).toBeGreaterThan(0);
  });

  it('lets exactly one of two sign-ins racing one challenge in', async () => {
    const { userId, passkey } = await personWithPasskey('passkey-race@example.com');
    for (let round = 0; round < 5; round += 1) {
      const payload = { response: passkey.assert(await loginOptions(t.app)) };
      const answers = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/login/passkey', payload }),
        t.app.inject({ method: 'POST', url: '/api/login/passkey', payload }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
      const loser = answers.find((answer) => answer.statusCode === 401);
      expect(loser?.json<ErrorBody>().message).toBe(PASSKEY_MESSAGES.used);
    }
    expect(await sessionCount(userId)).toBe(6);
  });
});
