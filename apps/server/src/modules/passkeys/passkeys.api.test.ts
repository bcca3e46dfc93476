/**
 * Issue 28, passkeys in Settings (DECISIONS.md #80): adding one needs the current password, is
 * verified against a single-use challenge of this person, and mails a notice; several are listed
 * with their names and times, and each can be removed. Real attestations of a software passkey.
 */
import { MESSAGES } from '@mindspend/domain';
import { PASSKEY_MESSAGES, PASSWORD_SIGN_IN_OFF } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../test/fixtures';
import { addPasskey, registrationOptions } from '../../test/passkey-steps';
import { SoftPasskey } from '../../test/soft-authenticator';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../../test/test-app';

interface PasskeyBody {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

describe(`passkeys in Settings on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const list = async (token: string) => {
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/user/passkeys' });
    expect(response.statusCode).toBe(200);
    return response.json<{ passkeys: PasskeyBody[] }>().passkeys;
  };
  const outboxTo = (address: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', address)
      .orderBy('id')
      .execute();
  const submit = (token: string, payload: Record<string, unknown>) =>
    asUser(t.app, token, { method: 'POST', url: '/api/user/passkeys', payload });

  it('adds two named passkeys, lists them with their times, removes one, and mails a notice for each', async () => {
    const email = 'two-passkeys@example.com';
    const { token } = await registerUser(t.app, email);
    const laptop = await addPasskey(t.app, token, { name: 'Laptop' });
    t.clock.advanceMinutes(1);
    const phone = await addPasskey(t.app, token, { name: '  Phone  ' });
    expect(phone.added.name).toBe('Phone');

    const listed = await list(token);
    expect(listed.map((passkey) => passkey.name)).toEqual(['Laptop', 'Phone']);
    expect(listed.every((passkey) => passkey.last_used_at === null)).toBe(true);
    expect((listed[0]?.created_at ?? '') < (listed[1]?.created_at ?? '')).toBe(true);

    const mails = await outboxTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'A passkey was added to your Mindspend account',
      'A passkey was added to your Mindspend account',
    ]);
    expect(mails[0]?.body_text).toContain('A passkey named “Laptop” was added');
    expect(mails[1]?.body_text).toContain('remove it in Settings → Passkeys');

    // Adding a third offers the two as credentials the authenticator must not make again.
    const options = await registrationOptions(t.app, token);
    expect(options.excludeCredentials?.map((credential) => credential.id).sort()).toEqual(
      [laptop.passkey.credentialId, phone.passkey.credentialId].sort(),
    );
    // One user handle for all of a person's passkeys, and neither their id nor their e-mail.
    expect(options.user.id).toBe(laptop.passkey.userHandle);
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain(email);

    const removed = await asUser(t.app, token, {
      method: 'DELETE',
      url: `/api/user/passkeys/${laptop.added.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(token)).map((passkey) => passkey.name)).toEqual(['Phone']);
  });

  it('names an unnamed passkey after the device that added it', async () => {
    const { token } = await registerUser(t.app, 'unnamed-passkey@example.com');
    const passkey = new SoftPasskey();
    const options = await registrationOptions(t.app, token);
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/passkeys',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      },
      payload: { name: '   ', response: passkey.attest(options) },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<PasskeyBody>().name).toBe('Chrome on macOS');
  });

  it.each([
    ['without the password', {}],
    ['with a wrong password', { current_password: 'Wrong-Guess-42' }],
  ])('refuses the options %s: 422 under current_password, no challenge, no mail', async (label, payload) => {
    const email = `passkey-options-${label.replace(/\W+/g, '-')}@example.com`;
    const { token, userId } = await registerUser(t.app, email);
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/passkeys/registration-options',
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    const challenges = await t.database.db
      .selectFrom('passkey_challenges')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(challenges).toEqual([]);
    expect(await outboxTo(email)).toEqual([]);
  });

  it('answers options that make a discoverable passkey with user verification, for this site', async () => {
    const { token } = await registerUser(t.app, 'passkey-options@example.com');
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/passkeys/registration-options',
      payload: { current_password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Mindspend' },
      user: { name: 'passkey-options@example.com' },
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(response.json<{ challenge: string }>().challenge).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses an attestation whose challenge was used, is another person’s, or has expired', async () => {
    const { token } = await registerUser(t.app, 'passkey-challenges@example.com');
    const other = await registerUser(t.app, 'passkey-challenges-other@example.com');
    const options = await registrationOptions(t.app, token);
    expect((await submit(token, { response: new SoftPasskey().attest(options) })).statusCode).toBe(201);

    const again = await submit(token, { response: new SoftPasskey().attest(options) });
    expect(again.statusCode).toBe(422);
    expect(again.json<ErrorBody>().errors).toEqual({ response: [PASSKEY_MESSAGES.used] });

    const othersOptions = await registrationOptions(t.app, other.token);
    const stolen = await submit(token, { response: new SoftPasskey().attest(othersOptions) });
    expect(stolen.json<ErrorBody>().errors).toEqual({ response: [PASSKEY_MESSAGES.expired] });

    const late = await registrationOptions(t.app, token);
    t.clock.advanceMinutes(6);
    const expired = await submit(token, { response: new SoftPasskey().attest(late) });
    expect(expired.json<ErrorBody>().errors).toEqual({ response: [PASSKEY_MESSAGES.expired] });
    expect((await list(token)).length).toBe(1);
  });

  it('refuses an attestation made for another origin, another site, or without user verification', async () => {
    const { token } = await registerUser(t.app, 'passkey-bad-attestation@example.com');
    const cases = [
      [{ origin: 'https://evil.example' }, PASSKEY_MESSAGES.wrongSite],
      [{ crossOrigin: true }, PASSKEY_MESSAGES.wrongSite],
      [{ rpId: 'evil.example' }, PASSKEY_MESSAGES.notVerified],
      [{ unverified: true }, PASSKEY_MESSAGES.notVerified],
    ] as const;
    for (const [bent, message] of cases) {
      const response = await submit(token, {
        response: new SoftPasskey().attest(await registrationOptions(t.app, token), bent),
      });
      expect(response.statusCode, JSON.stringify(bent)).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ response: [message] });
    }
    expect(await list(token)).toEqual([]);
  });

  it('refuses a credential already registered, to this person or another', async () => {
    const first = await registerUser(t.app, 'passkey-dup-a@example.com');
    const second = await registerUser(t.app, 'passkey-dup-b@example.com');
    const { passkey } = await addPasskey(t.app, first.token);
    for (const token of [first.token, second.token]) {
      const response = await submit(token, {
        response: passkey.attest(await registrationOptions(t.app, token)),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors).toEqual({ response: [PASSKEY_MESSAGES.alreadyAdded] });
    }
    expect(await list(second.token)).toEqual([]);
  });

  it.each([
    ['no response', {}],
    [
      'a response that is not WebAuthn',
      { response: { id: 'x', rawId: 'x', type: 'password', response: {} } },
    ],
    [
      'client data that is not JSON',
      {
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AA' },
        },
      },
    ],
    [
      'a name of 101 characters',
      {
        name: 'n'.repeat(101),
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: '', attestationObject: '' },
        },
      },
    ],
  ])('answers %s with a 422 and a message, never a 500', async (_label, payload) => {
    const { token } = await registerUser(
      t.app,
      `passkey-bad-${Math.random().toString(36).slice(2)}@example.com`,
    );
    const response = await submit(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().message.length).toBeGreaterThan(0);
  });

  it("answers 404 for another person's passkey and for an id spelled otherwise", async () => {
    const owner = await registerUser(t.app, 'passkey-owner@example.com');
    const stranger = await registerUser(t.app, 'passkey-stranger@example.com');
    const { added } = await addPasskey(t.app, owner.token);
    const response = await asUser(t.app, stranger.token, {
      method: 'DELETE',
      url: `/api/user/passkeys/${added.id}`,
    });
    expect(response.statusCode).toBe(404);
    const spelled = await asUser(t.app, owner.token, {
      method: 'DELETE',
      url: `/api/user/passkeys/0x${added.id.toString(16)}`,
    });
    expect(spelled.statusCode).toBe(422);
    expect(await list(owner.token)).toHaveLength(1);
  });

  it('refuses personal access tokens on every passkey route', async () => {
    const { token } = await registerUser(t.app, 'passkey-pat@example.com');
    const created = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'script', scope: 'write', current_password: STRONG_PASSWORD },
    });
    const script = created.json<{ token: string }>().token;
    const listed = await asUser(t.app, script, { method: 'GET', url: '/api/user/passkeys' });
    expect(listed.statusCode).toBe(403);
    const options = await asUser(t.app, script, {
      method: 'POST',
      url: '/api/user/passkeys/registration-options',
      payload: { current_password: STRONG_PASSWORD },
    });
    expect(options.statusCode).toBe(403);
  });

  it("deletes the person's passkeys with the account", async () => {
    const { token, userId } = await registerUser(t.app, 'passkey-erased@example.com');
    await addPasskey(t.app, token);
    await registrationOptions(t.app, token);
    const deletion = await asUser(t.app, token, {
      method: 'DELETE',
      url: `/api/users/${userId}`,
      payload: { current_password: STRONG_PASSWORD },
    });
    expect(deletion.statusCode).toBeLessThan(300);
    const { db } = t.database;
    expect(await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(
      await db.selectFrom('passkey_challenges').select('user_id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
  });
});

describe(`passkeys on a server reached by an IP address, on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://192.168.1.20:3000' });
  });
  afterAll(() => t?.close());

  it('says passkeys need a domain name instead of handing out options no browser would take', async () => {
    const { token } = await registerUser(t.app, 'passkey-ip@example.com');
    const adding = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/user/passkeys/registration-options',
      payload: { current_password: STRONG_PASSWORD },
    });
    const signingIn = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    for (const response of [adding, signingIn]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().message).toBe(PASSKEY_MESSAGES.unavailable);
    }
  });
});

describe(`passkeys on a server that signs in by single sign-on only, on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OIDC_ONLY: 'true',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'mindspend',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => t?.close());

  it('offers no passkey sign-in, which would go around the provider', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe(PASSWORD_SIGN_IN_OFF);
  });
});
