/**
 * Issue 28, passkeys (DECISIONS.md #80), with Chromium's virtual authenticator standing in for a
 * phone or a laptop's fingerprint reader: a new user adds a passkey in Settings with their password
 * (and is mailed about it), signs out, signs in with "Sign in with a passkey" alone and lands on the
 * budgets; once the passkey is removed in Settings, it no longer signs in and the page says why.
 *
 * WebAuthn takes a domain name, never an IP address, as the site a passkey belongs to, so this
 * spec starts a server of its own on http://localhost (APP_URL) instead of the shared 127.0.0.1 one.
 */
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../../scripts/support/server-process';
import { expectOnCurrentBudgets, fillAccount, logOut, uniqueEmail } from './support/app';
import { newestMailTo } from './support/outbox';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Passkey2024a';
const NOT_REGISTERED =
  'This passkey is not registered with Mindspend. Sign in with your password, then add it in Settings.';

let server: OwnServer;
let baseUrl: string;

test.beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = await startOwnServer({ APP_URL: baseUrl, PORT: String(port) });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A passkey store of the browser's own: resident keys with user verification, as a phone has. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test('a user adds a passkey in Settings, signs in with it alone, and removes it', async ({ browser }) => {
  const screens = new Screens('passkeys');
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkeys');

  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);

  await page.goto('/settings');
  const section = page.getByTestId('passkeys-section');
  await expect(section.getByText('You have no passkeys.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill('Work laptop');
  // A wrong password is refused in the server's words before the browser is asked for anything.
  await form.getByLabel('Current Password').fill('Not-My-Password-1');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('The current password is incorrect.')).toBeVisible();
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('Passkey “Work laptop” added. You can sign in with it now.')).toBeVisible();
  const rows = section.getByTestId('passkey-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Work laptop');
  await expect(rows.first()).toContainText('Never');
  await section.scrollIntoViewIfNeeded();
  await screens.element(section, 'settings-passkey-added');

  const notice = newestMailTo(email, server.dataDir);
  expect(notice).toContain('A passkey named “Work laptop” was added to your Mindspend account');
  expect(notice).toContain('remove it in Settings → Passkeys');

  await logOut(page, email);
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await screens.shot(page, 'login-with-passkey-button');
  await passkeyButton.click();
  await expectOnCurrentBudgets(page);
  await screens.shot(page, 'signed-in-with-passkey');

  await page.goto('/settings');
  await expect(rows.first()).not.toContainText('Never');
  await rows.first().getByRole('button', { name: 'Remove Work laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“Work laptop” will no longer sign you in.');
  await screens.shot(page, 'remove-confirmation');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('You have no passkeys.')).toBeVisible();

  // The browser still holds the passkey; the server no longer takes it, and says so.
  await logOut(page, email);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(NOT_REGISTERED);
  await expect(page).toHaveURL(/\/login$/);
  await screens.shot(page, 'removed-passkey-refused');
  await context.close();
});
