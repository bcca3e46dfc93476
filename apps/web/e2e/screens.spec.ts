/**
 * Screens the main journeys pass too quickly to see: the phone layout with its menu, the
 * full-page loading screen while signing in, and the Connected Institutions error card.
 */
import { expect, test } from '@playwright/test';
import { Screens } from './support/screens';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';

test('phone layout, loading screen and error card', async ({ page }) => {
  const screens = new Screens('screens');
  const email = uniqueEmail('screens');
  const password = 'Budget2024a';

  await test.step('phone layout with the navigation drawer', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create budgets. Track your spending.' })).toBeVisible();
    await screens.shot(page, 'landing-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Login' })).toBeVisible();
    await screens.shot(page, 'nav-drawer-phone');
    await page.getByRole('dialog').getByRole('link', { name: 'Signup' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await fillAccount(page, email, password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await screens.shot(page, 'budgets-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Ledger' })).toBeVisible();
    await screens.shot(page, 'nav-drawer-signed-in-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('the loading screen while signing in', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Hold the notifications answer so the loading screen can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/notifications', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('loading-message')).toHaveText('Loading your notifications.');
    await expect(page.getByText('60%')).toBeVisible();
    await screens.shot(page, 'loading-screen');
    release();
    await expectOnCurrentBudgets(page);
    await page.unroute('**/api/notifications');
  });

  await test.step('the Connected Institutions error card', async () => {
    await page.route('**/api/institutions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/connected-institutions');
    await expect(page.getByTestId('institutions-error')).toBeVisible({ timeout: 15_000 });
    await screens.shot(page, 'institutions-error');
  });

  await test.step('support page', async () => {
    await page.goto('/support');
    await expect(page.getByRole('link', { name: /support@mindspend\.app/ })).toBeVisible();
    await screens.shot(page, 'support');
  });

  console.log(`Screenshots: ${screens.dir}`);
});
