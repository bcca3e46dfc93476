/**
 * Issue 12, sessions: a user signed in on two browsers sees both in Settings, 'This device'
 * marked, and signs the other one out; the other browser is sent back to the login page. Issue 36:
 * a device that signed in several times is one row with its count, and its other sign-ins end at once.
 */
import { expect, test } from '@playwright/test';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, logIn, uniqueEmail } from './support/app';

test('a user sees their signed-in devices and signs the other one out', async ({ page, browser }) => {
  const screens = new Screens('sessions');
  const email = uniqueEmail('sessions');
  const password = 'Sessions2024a';

  await page.goto('/signup');
  await fillAccount(page, email, password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);

  const other = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phone = await other.newPage();
  await logIn(phone, email, password);
  await expectOnCurrentBudgets(phone);
  // The same phone signs in twice more (issue 36): still one device in the list, not three rows.
  for (let again = 0; again < 2; again += 1) {
    const response = await page.request.post('/api/login', { data: { email, password }, headers: { 'user-agent': await phone.evaluate(() => navigator.userAgent) } });
    expect(response.status()).toBe(200);
  }
  // And this browser once more in the background: the other sign-in of this device.
  expect((await page.request.post('/api/login', { data: { email, password } })).status()).toBe(200);

  await page.goto('/settings');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'This device' })).toContainText('Chrome on Linux');
  await expect(rows.filter({ hasText: 'This device' })).toContainText('2 sign-ins');
  await expect(rows.filter({ hasText: 'Safari on iPhone' })).toContainText('3 sign-ins');
  await screens.shot(page, 'settings-two-devices');
  await page.setViewportSize({ width: 375, height: 812 });
  await rows.first().scrollIntoViewIfNeeded();
  await screens.shot(page, 'settings-devices-375');
  await page.setViewportSize({ width: 1280, height: 860 });

  // This device's other sign-in ends; this browser stays.
  await rows.filter({ hasText: 'This device' }).getByRole('button', { name: 'Sign out the others' }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('1 other sign-in of Chrome on Linux will end; this browser stays signed in.');
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(rows.filter({ hasText: 'This device' })).toContainText('1 sign-in since');
  await expect(rows.filter({ hasText: 'This device' }).getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('3 sign-ins on 1 device will need to sign in again, and your personal access tokens are revoked');
  await screens.shot(page, 'confirm-sign-out-others');
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('This device');
  await expect(page.getByText('Every other device was signed out, and your personal access tokens were revoked.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
  await screens.shot(page, 'settings-one-device');

  // The phone's token is gone: its next request answers 401 and the app sends it to the login page.
  await phone.goto('/settings');
  await expect(phone).toHaveURL(/\/login/);
  await other.close();
});
