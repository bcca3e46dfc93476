/**
 * Card tokenization with Stripe (issue 12, DECISIONS.md #30, #31), as a new user meets it: the paid
 * plan's card goes into Stripe's element, 'Processing payment.' shows while Stripe.js tokenizes
 * it, and the account is created from the token alone. Then the server's whole log and every byte
 * of its SQLite data directory are searched for the card number: it must not be there.
 *
 * This spec starts a built server of its own in Stripe mode, with STRIPE_JS_URL and STRIPE_API_URL
 * pointing at the stand-ins the server's tests use (FakeStripe serves both the API and Stripe.js).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test as base, type Page } from '@playwright/test';
import { FakeStripe, STRIPE_TEST_PUBLISHABLE_KEY } from '../../server/src/test/fake-stripe';
import { expectOnCurrentBudgets, fillAccount, logOut, uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Cards2024a';
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
/** Each card number as typed and as bare digits: neither may reach our server's log or database. */
const CARD_NUMBERS = [GOOD_CARD, DECLINED_CARD].flatMap((number) => [number, number.replace(/ /g, '')]);

interface StripeWorld {
  stripe: FakeStripe;
  server: OwnServer;
}

const test = base.extend<{ world: StripeWorld }, { stripeWorld: StripeWorld }>({
  stripeWorld: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stripe = await FakeStripe.start();
      let server: OwnServer | null = null;
      try {
        server = await startOwnServer({
          STRIPE_SECRET_KEY: 'sk_test_e2e_secret',
          STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_PUBLISHABLE_KEY,
          STRIPE_PRICE_ID: 'price_e2e_999',
          STRIPE_JS_URL: stripe.jsUrl,
          STRIPE_API_URL: stripe.url,
          PROMO_CODES: 'WELCOME100',
          // The most the server can say: a card number must be in none of it.
          LOG_LEVEL: 'trace',
        });
        await use({ stripe, server });
      } finally {
        await server?.stop();
        await stripe.close();
      }
    },
    { scope: 'worker' },
  ],
  world: async ({ stripeWorld }, use) => use(stripeWorld),
  baseURL: async ({ stripeWorld }, use) => use(stripeWorld.server.baseUrl),
});

function nextYearExpiry(): string {
  return `12${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** Stripe's element (the stand-in's inputs inside our card box). */
const cardBox = (page: Page) => page.getByTestId('stripe-card');

async function typeCard(page: Page, number: string): Promise<void> {
  const box = cardBox(page);
  await box.getByLabel('Card number').fill('');
  await box.getByLabel('Card number').pressSequentially(number);
  await box.getByLabel('MM / YY').fill('');
  await box.getByLabel('MM / YY').pressSequentially(nextYearExpiry());
  await box.getByLabel('CVC').fill('');
  await box.getByLabel('CVC').pressSequentially('123');
}

/** Every request body the page sent to our own server. */
function recordOwnRequests(page: Page, baseUrl: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseUrl)) bodies.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  return bodies;
}

/** All text of the data directory: every file's bytes (free pages and WAL included) and every table's rows. */
function dataDirectoryText(dataDir: string): string {
  const files = readdirSync(dataDir).map((name) => readFileSync(path.join(dataDir, name)).toString('latin1'));
  const db = new Database(path.join(dataDir, 'mindspend.db'), { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const rows = tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()));
    return [...files, ...rows].join('\n');
  } finally {
    db.close();
  }
}

test('paid sign-up and upgrade through Stripe.js: the card never reaches our server', async ({ page, world }) => {
  const screens = new Screens('stripe-signup');
  const { stripe, server } = world;
  const ownRequests = recordOwnRequests(page, server.baseUrl);
  const email = uniqueEmail('stripe');

  await test.step("Stripe's element replaces the card fields, and Stripe.js flags a wrong number as it is typed", async () => {
    await page.goto('/signup');
    await page.getByRole('radio', { name: /Transaction Imports/ }).click();
    await fillAccount(page, email, PASSWORD);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Postal code').fill('97201');
    await expect(cardBox(page).getByLabel('Card number')).toBeVisible();
    // Our own card inputs are gone: only the name and postal code fields are ours.
    await expect(page.getByLabel('Security code')).toHaveCount(0);
    await expect(page.getByLabel('Expiration')).toHaveCount(0);
    await typeCard(page, '4242 4242 4242 4241');
    await expect(page.getByTestId('payment-error')).toContainText('Your card number is invalid.');
    await screens.shot(page, 'signup-invalid-number');
  });

  await test.step("the declined test card is refused by Stripe at the first charge; the message shows and the button works again", async () => {
    await typeCard(page, DECLINED_CARD);
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await screens.shot(page, 'signup-declined');
  });

  await test.step("the test card signs up: 'Processing payment.' while Stripe.js tokenizes, then the budgets", async () => {
    await typeCard(page, GOOD_CARD);
    // Hold Stripe.js's call a moment so the person (and this test) can see the payment in progress.
    await page.route(`${stripe.url}/v1/payment_methods`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Processing payment.')).toBeVisible();
    await screens.shot(page, 'signup-processing-payment');
    await expectOnCurrentBudgets(page);
    await page.unroute(`${stripe.url}/v1/payment_methods`);

    await page.goto('/settings');
    const subscription = page.getByTestId('subscription-card');
    await expect(subscription).toContainText('Transaction Imports');
    await expect(subscription).toContainText('card ending 4242');
    await screens.shot(page, 'settings-paid-through-stripe');
  });

  await test.step('the card went to Stripe from the browser, and only its token came to our server', async () => {
    const browserCalls = stripe.requests.filter((request) => request.path === '/v1/payment_methods');
    expect(browserCalls.map((request) => request.form['card[number]'])).toContain(GOOD_CARD.replace(/ /g, ''));
    expect(browserCalls.every((request) => request.form.key === STRIPE_TEST_PUBLISHABLE_KEY)).toBe(true);
    for (const request of stripe.serverRequests) expect(JSON.stringify(request.form)).not.toMatch(/card\[number\]|4242424242424242/);

    const register = ownRequests.filter((line) => line.includes('/api/register'));
    expect(register).toHaveLength(2);
    for (const line of register) expect(line).toMatch(/"stripe_token":"pm_fake\d+"/);
    for (const number of CARD_NUMBERS) for (const line of ownRequests) expect(line).not.toContain(number);
  });

  await test.step('the server log and its database hold no card number', async () => {
    const log = server.log();
    // The log is really captured, request lines included.
    expect(log).toContain('/api/register');
    const stored = dataDirectoryText(server.dataDir);
    // The search works: the new user's e-mail and the card's last four digits are found.
    expect(stored).toContain(email);
    expect(stored).toContain('"card_last4":"4242"');
    for (const number of CARD_NUMBERS) {
      expect(log, `the server log holds ${number}`).not.toContain(number);
      expect(stored, `the data directory holds ${number}`).not.toContain(number);
    }
  });

  await test.step("a promo code disables Stripe's element and signs up without a card", async () => {
    const promoEmail = uniqueEmail('stripe-promo');
    await logOut(page, email);
    await page.goto('/signup');
    await page.getByRole('radio', { name: /Transaction Imports/ }).click();
    await fillAccount(page, promoEmail, PASSWORD);
    await expect(cardBox(page).getByLabel('Card number')).toBeEnabled();
    await page.getByLabel('Promo', { exact: true }).check();
    await expect(cardBox(page).getByLabel('Card number')).toBeDisabled();
    await expect(cardBox(page).getByLabel('CVC')).toBeDisabled();
    await page.getByLabel('Promo code').fill('WELCOME100');
    await screens.shot(page, 'signup-promo-card-disabled');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    const promo = ownRequests.filter((line) => line.includes('/api/register')).at(-1);
    expect(promo).toContain('"promo":true');
    expect(promo).not.toContain('stripe_token');
    await logOut(page, promoEmail);
  });

  await test.step("Settings' upgrade takes the card through Stripe's element too", async () => {
    const freeEmail = uniqueEmail('stripe-upgrade');
    await page.goto('/signup');
    await fillAccount(page, freeEmail, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Postal code').fill('94105');
    await typeCard(page, GOOD_CARD);
    await screens.shot(page, 'settings-upgrade-filled');
    await page.getByRole('button', { name: 'Upgrade to Transaction Imports' }).click();
    const subscription = page.getByTestId('subscription-card');
    await expect(subscription).toContainText('card ending 4242');
    await screens.shot(page, 'settings-upgraded-through-stripe');

    const upgrade = ownRequests.filter((line) => line.startsWith('POST') && line.includes('/api/subscription'));
    expect(upgrade).toHaveLength(1);
    expect(upgrade[0]).toMatch(/"stripe_token":"pm_fake\d+"/);
    for (const number of CARD_NUMBERS) expect(server.log()).not.toContain(number);
    for (const number of CARD_NUMBERS) expect(dataDirectoryText(server.dataDir)).not.toContain(number);
  });

  console.log(`Screenshots: ${screens.dir}`);
});
