/**
 * A single sign-on whose e-mail is an existing account's (DECISIONS.md #81): linked only when the
 * provider says the address is verified and the account's password (and second factor, when on)
 * confirms it; an unverified address matching an account is refused with a message.
 */
import { MESSAGES } from '@mindspend/domain';
import { OIDC_HANDOVER_EXPIRED } from '@mindspend/api-contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../test/fixtures';
import { asUser, registerUser, STRONG_PASSWORD, TEST_DB, type TestApp } from '../../test/test-app';
import type { TestProvider } from '../../test/oidc-provider';
import { exchange, handoverCode, signInAtProvider, ssoError, ssoSession, startWithProvider } from '../../test/oidc-flow';

describe(`linking single sign-on to an existing account on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await startWithProvider());
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const link = (code: string | null, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/oidc/link', payload: { code: code ?? '', ...extra } });
  const identitiesOf = (userId: number) => t.database.db.selectFrom('oidc_identities').select('subject').where('user_id', '=', userId).execute();

  /** A person with an account, and a provider identity with the same (verified) address. */
  async function personWithAccount(name: string) {
    const account = await registerUser(t.app, `${name}@example.com`);
    provider.accounts.set(name, { email: `${name.toUpperCase()}@Example.com`, email_verified: true });
    const code = handoverCode(await signInAtProvider(t.app, provider, name));
    return { ...account, code };
  }

  it('asks for the password instead of signing in, and keeps the code for it', async () => {
    const { code } = await personWithAccount('linda');
    for (let round = 0; round < 2; round++) {
      const answer = await exchange(t.app, code);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ link_required: true, email: 'linda@example.com' });
    }
  });

  it('refuses a missing or wrong password, and links with the right one, mails a notice, then signs in', async () => {
    const { userId, code } = await personWithAccount('lars');
    const missing = await link(code);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    const wrong = await link(code, { current_password: 'Wrong-Guess-42' });
    expect(wrong.statusCode).toBe(422);
    expect(await identitiesOf(userId)).toEqual([]);

    const linked = await link(code, { current_password: STRONG_PASSWORD });
    expect(linked.statusCode).toBe(200);
    const session = linked.json<{ api_token: string; user: { id: number; has_password: boolean } }>();
    expect(session.user).toMatchObject({ id: userId, has_password: true });
    expect((await asUser(t.app, session.api_token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect(await identitiesOf(userId)).toEqual([{ subject: 'lars' }]);
    const mails = await t.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', 'lars@example.com').execute();
    expect(mails).toEqual([expect.objectContaining({ subject: 'Single sign-on was linked to your Mindspend account' })]);
    expect(mails[0]?.body_text).toContain(provider.issuer);
    expect((await link(code, { current_password: STRONG_PASSWORD })).json()).toEqual({ message: OIDC_HANDOVER_EXPIRED });

    // From now on the provider signs the person straight in, and the password still works.
    expect((await ssoSession(t.app, provider, 'lars')).user.id).toBe(userId);
  });

  it('counts wrong passwords against the account: 429 after ten', async () => {
    const { code } = await personWithAccount('guessed');
    for (let guess = 0; guess < 10; guess++) expect((await link(code, { current_password: `Wrong-${guess}-x` })).statusCode).toBe(422);
    const locked = await link(code, { current_password: STRONG_PASSWORD });
    expect(locked.statusCode).toBe(429);
  });

  it('links once when two confirmations race', async () => {
    const { userId, code } = await personWithAccount('racer');
    const answers = await Promise.all([1, 2, 3].map(() => link(code, { current_password: STRONG_PASSWORD })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await identitiesOf(userId)).toEqual([{ subject: 'racer' }]);
  });

  it('asks for the second factor of an account with two-factor on', async () => {
    const { token, code } = await personWithAccount('careful');
    const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const { secret } = (await asUser(t.app, token, { method: 'POST', url: '/api/user/two-factor', payload: { current_password: STRONG_PASSWORD } })).json<{ secret: string }>();
    await asUser(t.app, token, { method: 'POST', url: '/api/user/two-factor/confirm', payload: { code: await codeAt(secret) } });
    t.clock.advanceMinutes(1);
    expect((await link(code, { current_password: STRONG_PASSWORD })).json()).toEqual({ two_factor_required: true });
    const wrongCode = await link(code, { current_password: STRONG_PASSWORD, one_time_password: '000000' });
    expect(wrongCode.json<ErrorBody>().errors).toEqual({ one_time_password: [MESSAGES.oneTimePasswordWrong] });
    const linked = await link(code, { current_password: STRONG_PASSWORD, one_time_password: await codeAt(secret) });
    expect(linked.statusCode).toBe(200);
  });

  it.each([
    ['says it is not verified', { email_verified: false }],
    ['says nothing about it', {}],
  ])('refuses an identity whose e-mail matches an account when the provider %s', async (_label, verified) => {
    const victim = await registerUser(t.app, `victim-${Object.keys(verified).length}@example.com`);
    provider.accounts.set(`mallory-${Object.keys(verified).length}`, { email: `victim-${Object.keys(verified).length}@example.com`, ...verified });
    const response = await signInAtProvider(t.app, provider, `mallory-${Object.keys(verified).length}`);
    expect(ssoError(response)).toBe('unverified');
    expect(await identitiesOf(victim.userId)).toEqual([]);
    expect(await t.database.db.selectFrom('oidc_handovers').select('kind').where('user_id', '=', victim.userId).execute()).toEqual([]);
  });

  it('refuses a sign-in code on the link route', async () => {
    provider.accounts.set('newcomer', { email: 'newcomer@example.com', email_verified: false });
    const code = handoverCode(await signInAtProvider(t.app, provider, 'newcomer'));
    // An unverified address of no account makes a new account: nobody else's is reached.
    expect((await link(code, { current_password: STRONG_PASSWORD })).json()).toEqual({ message: OIDC_HANDOVER_EXPIRED });
    expect((await exchange(t.app, code)).statusCode).toBe(200);
  });
});
