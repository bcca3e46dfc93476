/**
 * Issue 12, two-factor sign-in: a new user turns it on in Settings (the test reads the shown key
 * and computes the code as an authenticator app would), signs out, signs in with a code, and on
 * the sessions list ends the session the sign-up left behind.
 */
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, logIn, logOut, uniqueEmail } from './support/app';

/** The code of the step after `now`'s when the current one is about to end, so it is not stale on arrival. */
async function freshCode(secret: string, after?: string): Promise<string> {
  for (;;) {
    const seconds = Date.now() / 1000;
    const code = await generate({ secret, epoch: Math.floor(seconds) });
    if (seconds % 30 < 27 && code !== after) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test('a user turns on two-factor sign-in and signs in with a code', async ({ page, browser }) => {
  const screens = new Screens('two-factor');
  const email = uniqueEmail('two-factor');
  const password = 'TwoFactor2024a';

  await page.goto('/signup');
  await fillAccount(page, email, password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnCurrentBudgets(page);

  // A second browser stays signed in from before, to be ended from the sessions list later.
  const laptop = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  const laptopPage = await laptop.newPage();
  await logIn(laptopPage, email, password);
  await expectOnCurrentBudgets(laptopPage);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  // Setting it up asks for the password first (DECISIONS.md #75).
  // Settings has other password fields (personal tokens): the one of the two-factor step.
  const passwordStep = page.locator('form').filter({ hasText: 'Enter your password to set up two-factor sign-in.' });
  await passwordStep.getByLabel('Current Password').fill(password);
  await passwordStep.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{26,}$/);
  await screens.shot(page, 'setup-qr-code');

  await page.getByLabel('Authentication code').fill('000000' === (await freshCode(secret)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The code is incorrect or was already used.')).toBeVisible();
  const setupCode = await freshCode(secret);
  await page.getByLabel('Authentication code').fill(setupCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  await screens.shot(page, 'recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();

  await logOut(page, email);
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await screens.shot(page, 'login-code-step');
  await page.getByLabel('Authentication code').fill(await freshCode(secret, setupCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectOnCurrentBudgets(page);

  await page.goto('/settings');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await screens.shot(page, 'settings-two-factor-on');
  const laptopRow = rows.filter({ hasText: 'Firefox on Windows' });
  await laptopRow.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(rows).toHaveCount(1);
  await laptopPage.goto('/settings');
  await expect(laptopPage).toHaveURL(/\/login/);
  await laptop.close();
});
