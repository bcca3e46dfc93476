/**
 * Single sign-on through a local OpenID Connect provider (issue 28, DECISIONS.md #81), as a person
 * meets it: the login page's button, the provider's login page, and the budgets, signed in. Then
 * the same provider identity with the address of an account made with a password: the link page
 * asks that password once, and the person is mailed a notice. Then an unverified address matching
 * an account: back on the login page with the reason, not signed in. Last, the server restarted
 * with OIDC_ONLY: the login page offers the button alone.
 *
 * The spec starts the provider (apps/server/src/test/oidc-provider.ts) and a built server of its
 * own pointed at it, on a port chosen first so that APP_URL (and the redirect URI) names it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { PROVIDER_PASSWORD, startTestProvider, type TestProvider } from '../../server/src/test/oidc-provider';
import { SSO_ERRORS } from '../src/features/auth/sso-errors';
import { freePort } from '../../../scripts/support/server-process';
import { expectOnCurrentBudgets, uniqueEmail } from './support/app';
import { SLOW } from './support/household';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const LABEL = 'Sign in with Household ID';
const PASSWORD = 'Linked2024a';

/** At the provider's login page: signs in as `login`, which sends the browser back to Mindspend. */
async function signInAtProvider(page: Page, provider: TestProvider, login: string, screens: Screens, step: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`), SLOW);
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(PROVIDER_PASSWORD);
  await screens.shot(page, step);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The e-mails sent to `address` by the server on `dataDir`, oldest first, from its outbox table. */
function mailsTo(address: string, dataDir: string): { subject: string; body_text: string }[] {
  const db = new Database(path.join(dataDir, 'mindspend.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[string], { subject: string; body_text: string }>('SELECT subject, body_text FROM outbox WHERE to_address = ? ORDER BY id')
      .all(address);
  } finally {
    db.close();
  }
}

/** The session token the web app stored, from either storage. */
function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (const storage of [localStorage, sessionStorage]) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index) ?? '';
        if (/token/i.test(key)) return storage.getItem(key);
      }
    }
    return null;
  });
}

test('single sign-on: sign in, link an account with a password, refuse an unverified match, then OIDC_ONLY', async ({ browser }) => {
  test.setTimeout(240_000);
  const screens = new Screens('oidc');
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const provider = await startTestProvider({ redirectUris: [`${appUrl}/api/auth/oidc/callback`] });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-oidc-'));
  const env = {
    PORT: String(port),
    APP_URL: appUrl,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_BUTTON_LABEL: LABEL,
  };
  const servers: OwnServer[] = [];
  try {
    const server = await startOwnServer(env, { dataDir });
    servers.push(server);

    await test.step('the login page offers the button; the provider signs a new person in to a new account', async () => {
      const email = uniqueEmail('sso-new');
      provider.accounts.set('ada', { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      const button = page.getByRole('link', { name: LABEL });
      await expect(button).toBeVisible(SLOW);
      await expect(page.getByText('or with your password')).toBeVisible();
      await screens.shot(page, 'login-with-sso-button');
      await button.click();
      await signInAtProvider(page, provider, 'ada', screens, 'provider-login');
      await expectOnCurrentBudgets(page);
      // The hand-over code is gone from the address bar, and the token is the web app's.
      expect(page.url()).not.toContain('code=');
      expect(await storedToken(page)).toMatch(/^[\w-]{43}$/);
      await screens.shot(page, 'signed-in-on-budgets');
      await page.goto('/settings');
      await expect(page.getByText(email).first()).toBeVisible(SLOW);
      await context.close();
    });

    await test.step('an account made with a password links once its password is typed, and is mailed a notice', async () => {
      const email = uniqueEmail('sso-link');
      const created = await fetch(`${server.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'free', email, password: PASSWORD, password_confirmation: PASSWORD, timezone: 0 }),
      });
      expect(created.status).toBe(201);
      provider.accounts.set('grace', { email, email_verified: true });
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: LABEL }).click();
      await signInAtProvider(page, provider, 'grace', screens, 'provider-login-for-link');
      await expect(page.getByRole('heading', { name: 'Link your account' })).toBeVisible(SLOW);
      await expect(page.getByText(email)).toBeVisible();
      await page.getByLabel('Password of your Mindspend account').fill('Not-The-Password-1');
      await page.getByRole('button', { name: 'Link and sign in' }).click();
      await expect(page.getByText('The current password is incorrect.')).toBeVisible(SLOW);
      await screens.shot(page, 'link-wrong-password');
      await page.getByLabel('Password of your Mindspend account').fill(PASSWORD);
      await page.getByRole('button', { name: 'Link and sign in' }).click();
      await expectOnCurrentBudgets(page);
      await screens.shot(page, 'linked-and-signed-in');
      const notice = mailsTo(email, server.dataDir).find((mail) => mail.subject === 'Single sign-on was linked to your Mindspend account');
      expect(notice?.body_text).toContain(`linked to an identity at ${provider.issuer}`);
      await context.close();
    });

    await test.step('an unverified address matching an account lands on the login page with the reason', async () => {
      const email = uniqueEmail('sso-victim');
      const created = await fetch(`${server.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'free', email, password: PASSWORD, password_confirmation: PASSWORD, timezone: 0 }),
      });
      expect(created.status).toBe(201);
      provider.accounts.set('mallory', { email, email_verified: false });
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: LABEL }).click();
      await signInAtProvider(page, provider, 'mallory', screens, 'provider-login-unverified');
      await expect(page).toHaveURL(/\/login\?sso_error=unverified$/, SLOW);
      await expect(page.getByRole('alert')).toContainText(SSO_ERRORS.unverified);
      expect(await storedToken(page)).toBeNull();
      await screens.shot(page, 'unverified-refused');
      await context.close();
    });

    await test.step('with OIDC_ONLY, the login page has the button alone, and it still signs in', async () => {
      await server.stop();
      const only = await startOwnServer({ ...env, OIDC_ONLY: 'true' }, { dataDir });
      servers.push(only);
      const context = await browser.newContext({ baseURL: only.baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('link', { name: LABEL })).toBeVisible(SLOW);
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
      await screens.shot(page, 'login-oidc-only');
      await page.getByRole('link', { name: LABEL }).click();
      await signInAtProvider(page, provider, 'ada', screens, 'provider-login-oidc-only');
      await expectOnCurrentBudgets(page);
      await context.close();
    });
  } finally {
    for (const server of servers) await server.stop();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Screenshots: ${screens.dir}`);
});
