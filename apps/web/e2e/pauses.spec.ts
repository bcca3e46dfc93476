/**
 * Issue 31, the pause list: a new person pauses a purchase from the ledger's "Pause a purchase"
 * (Sound Shop, $180, headphones, one day to cool off) and reads its forecast — with no history yet,
 * the word that there is not enough of it. The cooling-off then ends: the server's clock cannot be
 * moved, so the spec runs a server of its own, stops it, moves the pause's reminder time into the
 * past in its database (as an operator's server down over the night would find it), and starts it
 * again; the list says it is time to decide, and the reminder job's first run brings "Still want the
 * $180.00 headphones?" to the bell. The person skips it, and the 90-day summary counts $180.00 of
 * regret avoided. A second test hands what Add Transaction had typed to the pause form; a third
 * reads a forecast from felt history and takes the purchase recorded since as what was bought.
 * Screens at 1280 px and 375 px, light and dark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessibleInBothSchemes } from './support/accessibility';
import { addAccountByApi, registerByApi, signInByToken, type ApiUser } from './support/api-user';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';
import { PHONE, WIDE, expectNoSidewaysScroll, shootBothWidths } from './support/widths';

const PASSWORD = 'Pauses2024a';
const NOT_ENOUGH = 'Not enough history yet: feel 5 more purchases like this to get a forecast.';
const REMINDER = 'Still want the $180.00 headphones?';

const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A browser context on `baseURL` with the settings playwright.config.ts gives its own pages. */
async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: WIDE, reducedMotion: 'reduce' });
  return context.newPage();
}

/** A new person with a checking account, signed in. */
async function newPerson(page: Page, prefix: string): Promise<{ user: ApiUser; accountId: number }> {
  const user = await registerByApi(page, { prefix, password: PASSWORD });
  const accountId = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 900, date: localToday() });
  await signInByToken(page, user);
  return { user, accountId };
}

/** A felt (or unfelt) purchase at `entityId`, `daysAgo` days back; answers its id. */
async function spend(page: Page, user: ApiUser, accountId: number, purchase: { entityId: number; amount: number; daysAgo: number; feeling?: string }) {
  const day = new Date();
  day.setDate(day.getDate() - purchase.daysAgo);
  const created = await page.request.post(`/api/accounts/${accountId}/transactions`, {
    headers: user.headers,
    data: { type: 'expense', amount: purchase.amount, date: localToday(day), entity_id: purchase.entityId, emotion_names: purchase.feeling ? [purchase.feeling] : [] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The ledger, once it knows its account (its Add links are enabled then). */
async function openLedger(page: Page): Promise<void> {
  await page.goto('/ledger');
  await expect(page.getByRole('link', { name: 'Add Transaction' })).not.toHaveAttribute('aria-disabled', 'true');
}

/** Moves every pause's end of cooling-off a minute into the past, in a stopped server's database. */
function endCoolingOff(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'mindspend.db'), { fileMustExist: true });
  try {
    const moved = db.prepare('UPDATE pauses SET remind_at = ?').run(new Date(Date.now() - 60_000).toISOString());
    expect(moved.changes).toBe(1);
  } finally {
    db.close();
  }
}

test('pause a purchase from the ledger, get the reminder, skip it, and see it in the summary', async ({ browser }) => {
  test.setTimeout(240_000);
  const screens = new Screens('pauses');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-pauses-'));
  let server: OwnServer | null = await startOwnServer({}, { dataDir });
  const baseUrl = server.baseUrl;
  const page = await openPage(browser, baseUrl);
  try {
    const { user } = await newPerson(page, 'pauses');
    const card = page.getByTestId('pause-card');

    await test.step("pause a purchase from the ledger's toolbar; a new person's forecast says there is too little history", async () => {
      await openLedger(page);
      await page.getByRole('link', { name: 'Pause a purchase' }).click();
      const form = page.getByRole('dialog', { name: 'Pause a purchase' });
      await form.getByRole('button', { name: 'Pause it' }).click();
      await expect(form.getByText('Say where you would buy it: choose a payee or type a name.')).toBeVisible();
      await expect(form.getByText('The amount field is required.')).toBeVisible();
      await form.getByLabel('Where would you buy it?').fill('Sound Shop');
      await form.getByRole('textbox', { name: 'Amount' }).fill('180');
      await form.getByRole('textbox', { name: 'Note' }).fill('headphones');
      await form.getByRole('textbox', { name: 'Cooling-off days' }).fill('1');
      await screens.shot(page, 'form-1280');
      await form.getByRole('button', { name: 'Pause it' }).click();

      const paused = page.getByRole('dialog', { name: 'Paused' });
      await expect(paused.getByTestId('pause-forecast-sentence')).toHaveText(NOT_ENOUGH);
      await expect(paused.getByTestId('pause-expected-regret')).toHaveCount(0);
      await expect(paused.getByText('Decide tomorrow')).toBeVisible();
      await expect(paused.getByTestId('pause-cooling-off')).toContainText('1 day to cool off: you will get a reminder on');
      await screens.shot(page, 'paused-1280');
      await paused.getByRole('link', { name: 'Open the pause list' }).click();
    });

    await test.step('the pause list shows it cooling off, with its forecast and countdown', async () => {
      await expect(page).toHaveURL(/\/pauses$/);
      await expect(page.getByRole('heading', { name: 'Pause list', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pause list' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { name: 'Cooling off (1)' })).toBeVisible();
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('pause-status')).toHaveText('Decide tomorrow');
      await expect(card.getByTestId('pause-what')).toHaveText('headphones');
      await expect(card.getByTestId('pause-amount')).toHaveText('$180.00');
      await expect(card.getByTestId('pause-forecast-sentence')).toHaveText(NOT_ENOUGH);
      await expect(page.getByTestId('pause-summary-skipped')).toHaveText('Nothing skipped yet');
      await shootBothWidths(page, screens, 'waiting');
    });

    await test.step('the cooling-off ends: the list says it is time, and the reminder comes to the bell', async () => {
      const port = new URL(baseUrl).port;
      await server?.stop();
      server = null;
      endCoolingOff(dataDir);
      // The same port, so the page's origin (and its stored session) stays the same.
      server = await startOwnServer({ PORT: port }, { dataDir });
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Time to decide (1)' })).toBeVisible();
      await expect(card.getByTestId('pause-status')).toHaveText('Time to decide');
      // The reminder job's first run comes 30 s after start-up (pause-reminders.job.ts).
      await expect
        .poll(
          async () => {
            const answer = await page.request.get('/api/notifications', { headers: user.headers });
            const { notifications } = (await answer.json()) as { notifications: Array<{ title: string; message: string }> };
            return notifications.filter((notice) => notice.message === REMINDER).map((notice) => notice.title);
          },
          { timeout: 75_000, intervals: [2_000] },
        )
        .toEqual(['Pause list']);
      await page.reload();
      const bell = page.getByTestId('notifications-bell');
      await expect(bell).toHaveAccessibleName(/unread/);
      await bell.click();
      await expect(page.getByTestId('notifications-list').getByRole('listitem').first()).toContainText(REMINDER);
      await screens.shot(page, 'reminder-1280');
      await page.keyboard.press('Escape');
    });

    await test.step('"I skipped it": the pause is decided and the summary counts the regret avoided', async () => {
      await card.getByRole('button', { name: 'I skipped it' }).click();
      await expect(page.getByRole('heading', { name: 'Decided (1)' })).toBeVisible();
      await expect(card.getByTestId('pause-status')).toHaveText('Skipped');
      await expect(card.getByRole('button', { name: 'I skipped it' })).toHaveCount(0);
      await expect(page.getByTestId('pause-summary-skipped')).toHaveText('Skipped 1 purchase worth $180.00 — regret avoided');
      await expect(page.getByTestId('pause-summary-bought')).toHaveText('Nothing bought after a pause');
      await expect(page.getByTestId('pause-summary-felt')).toHaveText('Bought after a pause: nothing felt yet · everything else: nothing felt yet');
      await expectAccessibleInBothSchemes(page, 'pause list', () => screens.shot(page, 'skipped-dark-1280'));
      await shootBothWidths(page, screens, 'skipped');
    });

    await test.step('a decided pause can be removed, after asking', async () => {
      await card.getByRole('button', { name: 'Remove headphones' }).click();
      await page.getByRole('button', { name: 'Yes, remove' }).click();
      await expect(page.getByTestId('pauses-empty')).toBeVisible();
      await expect(page.getByTestId('pause-summary-skipped')).toHaveText('Nothing skipped yet');
    });
  } finally {
    await page.context().close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('"Not sure yet? Pause it instead" hands what Add Transaction had typed to the pause form', async ({ page }) => {
  const screens = new Screens('pauses-from-transaction');
  await newPerson(page, 'pause-instead');
  await openLedger(page);
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  const transaction = page.getByRole('dialog', { name: 'New Transaction' });
  await transaction.getByRole('radio', { name: 'Expense' }).check();
  await transaction.getByLabel('Amount', { exact: true }).fill('89.90');
  await transaction.getByLabel('Notes').fill('concert tickets');
  await transaction.getByRole('button', { name: 'Not sure yet? Pause it instead' }).click();

  const form = page.getByRole('dialog', { name: 'Pause a purchase' });
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('89.90');
  await expect(form.getByRole('textbox', { name: 'Note' })).toHaveValue('concert tickets');
  await form.getByLabel('Where would you buy it?').fill('Ticket Hall');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, PHONE.width);
  // On a phone the form scrolls inside its modal: the picture shows its end, buttons included.
  await form.getByRole('button', { name: 'Pause it' }).scrollIntoViewIfNeeded();
  await screens.shot(page, 'prefilled-375');
  await form.getByRole('button', { name: 'Pause it' }).click();
  const paused = page.getByRole('dialog', { name: 'Paused' });
  await expect(paused.getByTestId('pause-forecast-sentence')).toHaveText(NOT_ENOUGH);
  await screens.shot(page, 'paused-375');
  await paused.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/ledger$/);
  // The transaction was not saved: the purchase waits on the pause list instead.
  await expect(page.getByTestId('transaction-row')).toHaveCount(0);
});

test('a forecast from felt history, and the purchase recorded since offered as what was bought', async ({ page }) => {
  const screens = new Screens('pauses-forecast');
  const { user, accountId } = await newPerson(page, 'pause-forecast');
  const payee = await page.request.post(`/api/accounts/${accountId}/entities`, { headers: user.headers, data: { name: 'Sound Shop' } });
  expect(payee.status()).toBe(201);
  const entityId = ((await payee.json()) as { id: number }).id;
  // Five felt purchases there, three regretted: enough for a forecast of the payee's own.
  for (const [daysAgo, feeling] of [[40, 'negative'], [33, 'negative'], [26, 'positive'], [19, 'negative'], [12, 'neutral']] as const) {
    await spend(page, user, accountId, { entityId, amount: 60, daysAgo, feeling });
  }
  const paused = await page.request.post('/api/pauses', { headers: user.headers, data: { entity_id: entityId, amount: 180, note: 'headphones' } });
  expect(paused.status()).toBe(201);
  // Bought after all, for a little less: within 10 % of the amount paused, so offered as the match.
  const bought = await spend(page, user, accountId, { entityId, amount: 175, daysAgo: 0 });

  await page.goto('/pauses');
  const card = page.getByTestId('pause-card');
  await expect(card.getByTestId('pause-forecast-sentence')).toHaveText('Purchases like this were regretted 3 of 5 times.');
  await expect(card.getByTestId('pause-expected-regret')).toContainText('Expected regret:');
  await expect(card.getByRole('list', { name: 'What the forecast rests on' })).toContainText('Sound Shop: 3 of 5 regretted (60%)');
  await expect(card.getByTestId('pause-match')).toContainText('Looks like you bought it on');
  await expect(card.getByTestId('pause-match')).toContainText('Sound Shop $175.00');
  await expectAccessibleInBothSchemes(page, 'pause with a forecast and a match', () => screens.shot(page, 'forecast-and-match-dark-1280'));
  await shootBothWidths(page, screens, 'forecast-and-match');

  await card.getByRole('button', { name: 'That was it' }).click();
  await expect(card.getByTestId('pause-status')).toHaveText('Bought');
  await expect(page.getByTestId('pause-summary-bought')).toHaveText('Bought 1 purchase worth $180.00 after a pause');
  const answer = await page.request.get('/api/pauses', { headers: user.headers });
  expect(((await answer.json()) as Array<{ transaction_id: number | null }>)[0]?.transaction_id).toBe(bought);
});
