/**
 * Passwords as NIST SP 800-63B says (issue 35, DECISIONS.md #92), as a visitor meets them at
 * sign-up on a phone (375 px): the strength meter rates `Password1` very weak and a passphrase
 * strong as it is typed; `Password1` is refused as too common (no composition rule would refuse it
 * now), and `correct horse battery staple 9`, with spaces and no capital letter, makes the account.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { expectNoSidewaysScroll } from './support/household';
import { Screens } from './support/screens';

const PASSPHRASE = 'correct horse battery staple 9';

test('sign-up takes a passphrase, refuses a common password and shows the strength as it is typed', async ({ page }) => {
  const screens = new Screens('password-rule');
  const email = uniqueEmail('passphrase');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/signup');
  await expect(page.getByText('8 to 256 characters: any letters, spaces or symbols.', { exact: false })).toBeVisible();
  const meter = page.getByTestId('password-strength');
  await expect(meter).toHaveCount(0);

  await test.step('a passphrase: strong on the meter, on a phone', async () => {
    await fillAccount(page, email, PASSPHRASE);
    await expect(meter).toContainText(/Password strength: (Strong|Very strong)/);
    await expectNoSidewaysScroll(page, 375);
    // Before any refusal: a field's error text is Mantine's red, checked by accessibility.spec.ts.
    await expectNoSeriousViolations(page, 'sign-up with the strength meter (375 px)');
    await screens.shot(page, 'signup-strength-meter-375');
  });

  await test.step('Password1: very weak on the meter, refused as too common', async () => {
    await fillAccount(page, email, 'Password1');
    await expect(meter).toContainText('Password strength: Very weak');
    await expect(meter.getByRole('progressbar', { name: 'Password strength: Very weak' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('This password is too common. Choose another.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await screens.shot(page, 'signup-common-password-375');
  });

  await test.step('the passphrase makes the account', async () => {
    await fillAccount(page, email, PASSPHRASE);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
  });

  await test.step('Settings: a too-short new password is refused with the new rule, the meter shown', async () => {
    // At 375 px the user menu is in the navigation drawer: go to the form by its address.
    await page.goto('/settings/password/edit');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill(PASSPHRASE);
    await form.getByLabel('New Password', { exact: true }).fill('short');
    await expect(form.getByTestId('password-strength')).toContainText('Password strength:');
    await form.getByLabel('Confirm New Password').fill('short');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The password must be 8 to 256 characters.')).toBeVisible();
    await screens.shot(page, 'change-password-meter-375');
  });
});
