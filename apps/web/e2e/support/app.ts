import { expect, type Page } from '@playwright/test';

/** `/budgets/month/{m}/year/{y}` of today (the browser and server share this machine's clock). */
export function currentBudgetsPath(now = new Date()): string {
  return `/budgets/month/${now.getMonth() + 1}/year/${now.getFullYear()}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * On this month's budgets. A new user's first visit opens the suggested-budgets wizard (spec §4);
 * tests about other screens close it (which stops suggestions) unless told to keep it.
 */
export async function expectOnCurrentBudgets(page: Page, options: { keepSuggestions?: boolean } = {}): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${currentBudgetsPath()}$`));
  await expect(page.getByRole('heading', { name: 'Budgets', level: 1 })).toBeVisible();
  const gate = page.getByTestId('suggestions-gate');
  await expect(gate).not.toHaveAttribute('data-state', 'pending');
  if (!options.keepSuggestions && (await gate.getAttribute('data-state')) === 'open') {
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function logOut(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function fillAccount(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
}
