/**
 * Issue 2 "Done when": a new user signs up (free plan), logs out and in, changes the password,
 * resets it through the e-mailed link, contacts support and deletes the account.
 */
import { expect, test } from '@playwright/test';
import { Screens } from './support/screens';
import { newestMailTo, resetLinkIn } from './support/outbox';
import { expectOnCurrentBudgets, fillAccount, logIn, logOut, uniqueEmail } from './support/app';

test('a new user goes from sign-up to deleting the account', async ({ page, context }) => {
  const screens = new Screens('journey');
  const email = uniqueEmail('journey');
  const firstPassword = 'Budget2024a';
  const changedPassword = 'Changed2024b';
  const resetPassword = 'Reset2024c';

  await test.step('landing page', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create budgets. Track your spending.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get started today' })).toBeVisible();
    await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
    await screens.shot(page, 'landing');
    // Above 768 px the bar shrinks after scrolling past 100 px (spec §2.1).
    await expect(page.locator('header')).toHaveAttribute('data-shrunk', 'false');
    await page.mouse.wheel(0, 600);
    await expect(page.locator('header')).toHaveAttribute('data-shrunk', 'true');
  });

  await test.step('sign up on the free plan', async () => {
    await page.getByRole('link', { name: 'Join For Free' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Manual Entry')).toBeVisible();
    const termsPopup = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    const terms = await termsPopup;
    await expect(terms.getByText('Last updated April 25, 2023')).toBeVisible();
    await expect(terms.getByText(/State of Oregon/)).toBeVisible();
    await screens.shot(terms, 'terms');
    await terms.close();

    await fillAccount(page, email, 'short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('The password must be 8 to 256 characters.').first()).toBeVisible();
    await screens.shot(page, 'signup-invalid');

    await fillAccount(page, email, firstPassword);
    await screens.shot(page, 'signup-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await expect(page.getByRole('button', { name: email })).toBeVisible();
    await screens.shot(page, 'budgets-after-signup');
  });

  await test.step('protected pages', async () => {
    await page.getByRole('button', { name: email }).click();
    await screens.shot(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'Connected Institutions' }).click();
    await expect(page.getByTestId('institutions-empty')).toHaveText(
      'You have no connected banks or credit cards, click connect below to connect one now.',
    );
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByTestId('institutions-notice')).toContainText('CSV or OFX');
    await screens.shot(page, 'connected-institutions');
    // A signed-in user who opens / goes to this month's budgets (spec §2.1 guard).
    await page.goto('/');
    await expectOnCurrentBudgets(page);
  });

  await test.step('log out and log in', async () => {
    await logOut(page, email);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, 'Wrong2024x');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await screens.shot(page, 'login-wrong-password');
    await logIn(page, email, firstPassword);
    await expectOnCurrentBudgets(page);
  });

  await test.step('change the password', async () => {
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('settings-email')).toHaveText(email);
    await expect(page.getByTestId('subscription-card')).toContainText('Manual Entry');
    await screens.shot(page, 'settings');
    await page.getByRole('button', { name: 'Edit password' }).click();
    await expect(page).toHaveURL(/\/settings\/password\/edit$/);
    // Settings has other Current Password fields (personal tokens): this step is the password form's.
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('All fields are required.')).toBeVisible();
    await passwordForm.getByLabel('Current Password').fill('Wrong2024x');
    await passwordForm.getByLabel('New Password', { exact: true }).fill(changedPassword);
    await passwordForm.getByLabel('Confirm New Password').fill(changedPassword);
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The current password is incorrect.')).toBeVisible();
    await screens.shot(page, 'settings-wrong-current');
    await passwordForm.getByLabel('Current Password').fill(firstPassword);
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await screens.shot(page, 'settings-password-changed');
    await logOut(page, email);
  });

  await test.step('reset the password through the e-mailed link', async () => {
    await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await expect(page.getByText('Reset password email sent successfully.')).toBeVisible();
    await screens.shot(page, 'forgot-password-sent');

    const link = resetLinkIn(newestMailTo(email));
    await page.goto(link);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm password').fill(resetPassword);
    await screens.shot(page, 'reset-password-filled');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();
    await screens.shot(page, 'reset-password-done');
    // The link works once.
    await page.getByLabel('Password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm password').fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  });

  await test.step('log in with the new password', async () => {
    await logIn(page, email, changedPassword);
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await logIn(page, email, resetPassword);
    await expectOnCurrentBudgets(page);
  });

  await test.step('send a contact message', async () => {
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await page.getByLabel('Reason').selectOption('bug_report');
    await page.getByPlaceholder('Describe your request or feedback...').fill('The budgets page could show a chart.');
    await screens.shot(page, 'contact-filled');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText("Thank you for contacting us! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByPlaceholder('Describe your request or feedback...')).toHaveValue('');
    await screens.shot(page, 'contact-sent');
  });

  await test.step('upgrade with a promo code, then cancel', async () => {
    await page.goto('/settings');
    const card = page.getByTestId('subscription-card');
    await card.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await card.getByLabel('Promo', { exact: true }).check();
    await card.getByLabel('Promo code').fill('NOT-A-CODE');
    await card.getByRole('button', { name: 'Upgrade to Transaction Imports' }).click();
    await expect(card.getByText('The promo code is not valid.').first()).toBeVisible();
    await card.getByLabel('Promo code').fill('WELCOME100');
    await card.getByRole('button', { name: 'Upgrade to Transaction Imports' }).click();
    await expect(card).toContainText('Transaction Imports');
    await expect(card).toContainText('WELCOME100');
    await screens.shot(page, 'settings-upgraded');
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(card).toContainText('Cancels at period end');
    await screens.shot(page, 'settings-canceled');
  });

  await test.step('delete the account', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account and All Data' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Current Password').fill(resetPassword);
    await screens.shot(page, 'delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete Account and All Data' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('logging in now fails', async () => {
    await logIn(page, email, resetPassword);
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await screens.shot(page, 'login-after-delete');
  });

  console.log(`Screenshots: ${screens.dir}`);
});
