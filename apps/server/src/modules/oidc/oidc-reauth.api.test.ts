/**
 * An account single sign-on made has no password the person knows (DECISIONS.md #81): its
 * sensitive changes are confirmed by a sign-in of the last 5 minutes instead, and "Forgot
 * password" gives it one, after which the password is asked as for everyone.
 */
import { MESSAGES } from '@mindspend/domain';
import { SIGN_IN_AGAIN_TO_CONFIRM } from '@mindspend/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, login, requestResetToken } from '../../test/fixtures';
import { asUser, STRONG_PASSWORD, TEST_DB, type TestApp } from '../../test/test-app';
import type { TestProvider } from '../../test/oidc-provider';
import { ssoSession, startWithProvider } from '../../test/oidc-flow';

describe(`confirming changes without a password on ${TEST_DB}`, () => {
  let t: TestApp;
  let provider: TestProvider;
  beforeAll(async () => {
    ({ t, provider } = await startWithProvider());
    for (const name of ['sam', 'tess', 'uma']) provider.accounts.set(name, { email: `${name}@example.com`, email_verified: true });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const changeEmail = (token: string, userId: number, email: string, extra: Record<string, string> = {}) =>
    asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { email, ...extra } });
  const createToken = (token: string, name: string) =>
    asUser(t.app, token, { method: 'POST', url: '/api/user/tokens', payload: { name, scope: 'read' } });

  it('takes a sign-in of the last 5 minutes for the password: an e-mail change, a personal token, two-factor', async () => {
    const { api_token: token, user } = await ssoSession(t.app, provider, 'sam');
    expect((await changeEmail(token, user.id, 'sam.new@example.com')).statusCode).toBe(200);
    expect((await createToken(token, 'Script')).statusCode).toBe(201);
    expect((await asUser(t.app, token, { method: 'POST', url: '/api/user/two-factor', payload: {} })).statusCode).toBe(200);
  });

  it('asks for a new sign-in once the sign-in is older, whatever is typed as a password', async () => {
    const { api_token: token, user } = await ssoSession(t.app, provider, 'tess');
    t.clock.advanceMinutes(6);
    const attempts: Record<string, string>[] = [{}, { current_password: STRONG_PASSWORD }];
    for (const extra of attempts) {
      const refused = await changeEmail(token, user.id, 'tess.new@example.com', extra);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorBody>().errors).toEqual({ current_password: [SIGN_IN_AGAIN_TO_CONFIRM] });
    }
    const deletion = await asUser(t.app, token, { method: 'DELETE', url: `/api/users/${user.id}`, payload: {} });
    expect(deletion.json<ErrorBody>().errors).toEqual({ current_password: [SIGN_IN_AGAIN_TO_CONFIRM] });
    expect((await createToken(token, 'Late')).statusCode).toBe(422);
    // The password change has no password to check: "Forgot password" is the way to set one.
    const change = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/users/change-password',
      payload: { current_password: 'anything', new_password: 'Brand-New-42', new_password_confirmation: 'Brand-New-42' },
    });
    expect(change.json<ErrorBody>().errors).toEqual({ current_password: [SIGN_IN_AGAIN_TO_CONFIRM] });

    // Signing in again opens a new 5 minutes, for that new session.
    const again = await ssoSession(t.app, provider, 'tess');
    expect((await asUser(t.app, again.api_token, { method: 'DELETE', url: `/api/users/${user.id}`, payload: {} })).statusCode).toBe(204);
  });

  it('has a password once one is set with "Forgot password", and is then asked for it as everyone is', async () => {
    const { user } = await ssoSession(t.app, provider, 'uma');
    const resetToken = await requestResetToken(t, 'uma@example.com');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { email: 'uma@example.com', token: resetToken, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await login(t.app, 'uma@example.com', STRONG_PASSWORD);
    expect(signedIn.json()).toMatchObject({ user: { id: user.id, has_password: true } });
    // A fresh single sign-on no longer stands in for the password.
    const fresh = await ssoSession(t.app, provider, 'uma');
    expect(fresh.user.has_password).toBe(true);
    const refused = await changeEmail(fresh.api_token, user.id, 'uma.new@example.com');
    expect(refused.json<ErrorBody>().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong] });
    expect((await changeEmail(fresh.api_token, user.id, 'uma.new@example.com', { current_password: STRONG_PASSWORD })).statusCode).toBe(200);
  });
});
