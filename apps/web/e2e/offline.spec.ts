/**
 * Issue 13 "installable, readable offline" (DECISIONS.md #34, #35): the web app manifest and its
 * icons, the service worker controlling the page, a ledger month and the budgets month opened
 * online and read again offline under the 'Offline — showing what was saved at …' banner, a write
 * offline that says it needs a connection and keeps what was typed, the saved answers gone after
 * signing out and never shown to another session, and a new release announced with 'Reload'.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { logOut } from './support/app';
import { seedBudgetedExpense } from './support/seed-budgeted-expense';
import { type ApiUser, registerByApi, signInByToken, storeSession } from './support/api-user';

const PASSWORD = 'Offline2024a';
const API_CACHE = 'mindspend-api-answers';
const SERVICE_WORKER_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'sw.js');

interface Seeded extends ApiUser {
  accountId: number;
  budgetName: string;
}

/** A new user (through the API) with a checking account, a budget and one expense this month. */
async function seedUser(page: Page, prefix: string, description: string): Promise<Seeded> {
  const user = await registerByApi(page, { prefix, password: PASSWORD });
  const seeded = await seedBudgetedExpense(page, user, { account: `${prefix} Checking`, description });
  return { ...user, accountId: seeded.accountId, budgetName: seeded.subcategory };
}

async function expectControlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toMatch(/\/sw\.js$/);
}

/** The addresses of the answers saved for offline reading, as the page sees Cache Storage. */
function savedAnswerUrls(page: Page): Promise<string[] | null> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => request.url);
  }, API_CACHE);
}

function ledgerMonthPath(accountId: number): string {
  const now = new Date();
  return `/ledger/accounts/${accountId}/month/${now.getMonth() + 1}/year/${now.getFullYear()}`;
}

function budgetsMonthPath(): string {
  const now = new Date();
  return `/budgets/month/${now.getMonth() + 1}/year/${now.getFullYear()}`;
}

test('the app is installable: a valid manifest with fetchable icons, and a service worker in control', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    scope: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Mindspend', short_name: 'Mindspend', display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // The PNG's own width and height (IHDR) must match what the manifest promises.
    const body = await image.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  await expectControlled(page);
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
});

test('a ledger month and the budgets month opened online are read offline, and writes wait for a connection', async ({ page, context }) => {
  test.setTimeout(180_000);
  const screens = new Screens('offline');
  const owner = await seedUser(page, 'offline', 'Farmers market');
  const rows = page.getByTestId('transaction-row');
  const banner = page.getByTestId('offline-banner');

  await test.step('open the budgets month and the ledger month online', async () => {
    await signInByToken(page, owner);
    await expectControlled(page);
    await page.goto(budgetsMonthPath());
    await expect(page.getByText(owner.budgetName).first()).toBeVisible();
    await page.goto(ledgerMonthPath(owner.accountId));
    await expect(rows.filter({ hasText: 'Farmers market' })).toHaveCount(1);
    await expect(banner).toHaveCount(0);
    // The New Account form once, so its account types are on the device too.
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    await expect(page.getByRole('dialog', { name: 'New Account' }).getByRole('radio', { name: 'Savings' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'New Account' })).toHaveCount(0);
    const saved = await savedAnswerUrls(page);
    // The account's month, every account's month figures, the accounts list and the budgets month.
    for (const path of [`/api/accounts/${owner.accountId}/transactions/month/`, '/api/accounts/month/', '/api/accounts?', '/api/budgets/month/']) {
      expect(saved?.some((url) => url.includes(path)), path).toBe(true);
    }
    // Keyed by a hash of the session, never by the token itself.
    expect(saved?.every((url) => url.includes('mindspend-session=') && !url.includes(owner.token))).toBe(true);
  });

  await test.step('the connection drops with the ledger open: the budgets month opens from the device', async () => {
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Budgets' }).first().click();
    await expect(page.getByText(owner.budgetName).first()).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(/^Offline — showing what was saved at .*\d/);
    await screens.shot(page, 'budgets-offline');
  });

  await test.step('a write offline says it needs a connection and keeps what was typed', async () => {
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill('Holiday Savings');
    await dialog.getByRole('radio', { name: 'Savings' }).check();
    await dialog.getByLabel('Account Balance').fill('1250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText("You're offline — this needs a connection. Nothing you typed was lost.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Account Name')).toHaveValue('Holiday Savings');
    await expect(dialog.getByRole('radio', { name: 'Savings' })).toBeChecked();
    await expect(dialog.getByLabel('Account Balance')).toHaveValue(/^1,?250/);
    await screens.shot(page, 'write-offline');

    // Back online, the same form saves what was typed.
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue('Holiday Savings');
  });

  await test.step('offline, the ledger month reloads with its rows under the banner', async () => {
    await context.setOffline(true);
    await page.goto(ledgerMonthPath(owner.accountId));
    await expect(rows.filter({ hasText: 'Farmers market' })).toHaveCount(1);
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(/^Offline — showing what was saved at .*\d/);
    await screens.shot(page, 'ledger-offline');
    await context.setOffline(false);
    await page.reload();
    await expect(rows.filter({ hasText: 'Farmers market' })).toHaveCount(1);
    await expect(banner).toHaveCount(0);
  });

  await test.step('signing out clears every saved answer', async () => {
    expect((await savedAnswerUrls(page))?.length ?? 0).toBeGreaterThan(0);
    await logOut(page, owner.email);
    await expect.poll(() => savedAnswerUrls(page)).toBeNull();
    // The app shell is still there, so the login page opens offline.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await context.setOffline(false);
  });
});

test('another session on the device never sees the answers saved for the last one', async ({ page, context }) => {
  const first = await seedUser(page, 'first', 'Private pharmacy');
  const second = await seedUser(page, 'second', 'Second user shop');
  await signInByToken(page, first);
  await expectControlled(page);
  await page.goto(ledgerMonthPath(first.accountId));
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Private pharmacy' })).toHaveCount(1);

  // The second user's session replaces the first without a sign-out (a closed tab, a new login).
  await storeSession(page, second);
  await context.setOffline(true);
  await page.goto(ledgerMonthPath(first.accountId));
  await expect(page.getByText(/You're offline — this needs a connection/).first()).toBeVisible();
  await expect(page.getByText('Private pharmacy')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(false);

  // Online, the second user's first saved answer drops the first user's.
  await page.goto(ledgerMonthPath(second.accountId));
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Second user shop' })).toHaveCount(1);
  const saved = (await savedAnswerUrls(page)) ?? [];
  expect(saved.length).toBeGreaterThan(0);
  expect(saved.some((url) => url.includes(`/api/accounts/${first.accountId}/`))).toBe(false);
});

test('a new release announces itself and Reload switches to it', async ({ page }) => {
  const screens = new Screens('offline-update');
  const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
  try {
    await page.goto('/login');
    await expectControlled(page);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(before).toBeTruthy();

    // A release: the worker's bytes change on the server (its precache list would, with new assets).
    writeFileSync(SERVICE_WORKER_FILE, `${original}\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByTestId('new-version');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('A new version is ready');
    await screens.shot(page, 'update-prompt');

    const waitingBefore = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waitingBefore).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectControlled(page);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(page.getByTestId('new-version')).toHaveCount(0);
  } finally {
    writeFileSync(SERVICE_WORKER_FILE, original);
  }
});
