/**
 * The landing page drawn at build time (issue 29, DECISIONS.md #121): a visitor reads it before any
 * of the app's JavaScript has arrived, on a phone and in the dark scheme too; the app then takes
 * over the very nodes already painted (hydration, no second drawing and no mismatch in the
 * console); and on a device where someone is signed in the drawn page never shows, since the app
 * sends them on to their budgets. The sign-in page starts its one read with the document.
 */
import { expect, test, type Page } from '@playwright/test';
import { currentBudgetsPath } from './support/app';
import { registerByApi, storeSession } from './support/api-user';
import { Screens } from './support/screens';

const HEADING = 'Create budgets. Track your spending.';
/** Every script of the app but the first-paint one, which sets the scheme and the signed-in mark. */
const APP_SCRIPTS = /\/assets\/(?!first-paint-)[^/]+\.js$/;

/** Holds the app's scripts back until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a visitor reads the landing page before the app has loaded, light and dark, wide and narrow', async ({
  page,
}) => {
  const screens = new Screens('landing-first-paint');
  await page.route(APP_SCRIPTS, (route) => route.abort());
  for (const [scheme, viewport] of [
    ['light', { width: 1280, height: 860 }],
    ['dark', { width: 375, height: 812 }],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join For Free' }).first()).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByText('Free forever with manual entry.')).toBeVisible();
    await screens.shot(page, `without-javascript-${scheme}-${viewport.width}`);
  }
});

test('the app takes over the painted page where it stands, and its links then work without a reload', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: HEADING });
  await expect(heading).toBeVisible();
  // A mark on the node painted before the app ran: hydration keeps the node, a new render would not.
  await heading.evaluate((node) => node.setAttribute('data-painted-first', 'yes'));
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(heading).toHaveAttribute('data-painted-first', 'yes');
  // The app is live: its link changes the page without loading a document.
  await page.evaluate(() => ((window as Window & { kept?: boolean }).kept = true));
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { kept?: boolean }).kept)).toBe(true);
  expect(problems).toEqual([]);
});

test('a signed-in device never shows the drawn landing page, and goes on to the budgets', async ({
  page,
}) => {
  const user = await registerByApi(page, { prefix: 'first-paint', password: 'FirstPaint2024' });
  await page.goto('/terms');
  await storeSession(page, user);
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  // Drawn in the document, hidden by the first-paint script's mark before anything was painted.
  await expect(page.locator('html')).toHaveAttribute('data-session', 'signed-in');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeHidden();
  release();
  await expect(page).toHaveURL(new RegExp(`${currentBudgetsPath()}$`));
  await expect(page.getByRole('heading', { name: 'Budgets', level: 1 })).toBeVisible();
});

test('the sign-in page asks how one signs in once, started with the page, not after the app has run', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/config') asked.push(request.resourceType());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  // One request, the document's preload ('other'), which the app's own fetch then took over.
  expect(asked).toEqual(['other']);
});
