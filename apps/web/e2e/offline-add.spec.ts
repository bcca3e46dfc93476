/**
 * Issue 30 "add offline" (DECISIONS.md #104): with the connection gone, a new person adds two
 * purchases with their feelings — one in the ledger's New Transaction form, one in 'Add with
 * feeling' — closes the app and opens it again, still offline: both wait in the ledger marked
 * 'Waiting to sync'. Back online, both reach the server once. A purchase whose account was deleted
 * meanwhile stays on the device with the server's words, to fix or discard.
 */
import { expect, test, type Page } from '@playwright/test';
import { type ApiUser, addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';
import { PHONE } from './support/widths';

const PASSWORD = 'OfflineAdd2024a';

interface Row {
  amount: number;
  emotion_names: string[];
}

function monthPath(accountId: number): string {
  const now = new Date();
  return `/ledger/accounts/${accountId}/month/${now.getMonth() + 1}/year/${now.getFullYear()}`;
}

/** The account's transactions this month, as the server has them. */
async function serverRows(page: Page, user: ApiUser, accountId: number): Promise<Row[]> {
  const now = new Date();
  const answer = await page.request.get(`/api/accounts/${accountId}/transactions/month/${now.getMonth() + 1}/year/${now.getFullYear()}`, {
    headers: user.headers,
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Row[];
}

async function expectControlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toMatch(/\/sw\.js$/);
}

test('purchases added offline wait on the device, survive closing the app, and reach the server once', async ({ page, context }) => {
  test.setTimeout(180_000);
  const screens = new Screens('offline-add');
  await page.setViewportSize(PHONE);
  const user = await registerByApi(page, { prefix: 'offline-add', password: PASSWORD });
  const checking = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 800, date: '2026-01-01' });
  const card = await addAccountByApi(page, user, { name: 'Travel Card', typeId: 3, balance: 0, date: '2026-01-01', limit: 2000 });
  const entity = await page.request.post(`/api/accounts/${checking}/entities`, { headers: user.headers, data: { name: 'Corner Bar' } });
  expect(entity.status()).toBe(201);
  const waiting = page.getByTestId('waiting-entry');
  // The app opened again after it was closed.
  let reopened = page;

  await test.step('online once: the app and the screens it needs are on the device', async () => {
    await signInByToken(page, user);
    await expectControlled(page);
    await page.goto('/add');
    await expect(page.getByRole('combobox', { name: 'Paid from' })).toHaveValue('Everyday Checking');
    await page.goto(monthPath(checking));
    await expect(page.getByRole('link', { name: 'Add Transaction' }).first()).toBeVisible();
  });

  await test.step('offline, the New Transaction form keeps a regretted drink on the device', async () => {
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Add Transaction' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await dialog.getByRole('radio', { name: 'Expense' }).check();
    await dialog.getByLabel('Amount', { exact: true }).fill('38.20');
    await dialog.getByRole('combobox', { name: 'Where did you spend the money?' }).click();
    await page.getByRole('option', { name: 'Corner Bar' }).first().click();
    await dialog.getByRole('button', { name: 'Regretted it' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(waiting).toHaveCount(1);
    await expect(waiting.first()).toContainText('Corner Bar');
    await expect(waiting.first()).toContainText('Waiting to sync');
  });

  await test.step("offline, 'Add with feeling' keeps a coffee that felt good", async () => {
    await page.goto('/add');
    await page.getByLabel('Amount').fill('4.50');
    await page.getByRole('radio', { name: 'Felt good' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('quick-add-saved')).toHaveText(
      'No connection: $4.50: felt good is kept on this device and will be sent when you are back online.',
    );
    await screens.shot(page, 'quick-add-kept-375');
  });

  await test.step('closed and opened again, still offline: both wait in the ledger', async () => {
    await page.close();
    reopened = await context.newPage();
    await reopened.setViewportSize(PHONE);
    await reopened.goto(monthPath(checking));
    await expect(reopened.getByTestId('waiting-entries')).toBeVisible();
    await expect(reopened.getByTestId('waiting-entry')).toHaveCount(2);
    await expect(reopened.getByTestId('waiting-entries')).toContainText('Waiting to sync');
    expect(await serverRows(reopened, user, checking)).toEqual([]);
    await screens.shot(reopened, 'ledger-waiting-375');
  });

  await test.step('back online: each purchase reaches the server once, with its feeling', async () => {
    await context.setOffline(false);
    await expect(reopened.getByTestId('waiting-entries')).toHaveCount(0, { timeout: 15_000 });
    await expect(reopened.getByTestId('transaction-row')).toHaveCount(2);
    const rows = await serverRows(reopened, user, checking);
    expect(rows.map((row) => [row.amount, row.emotion_names]).sort()).toEqual([
      [38.2, ['negative']],
      [4.5, ['positive']],
    ]);
    // Reopening (which sends again whatever waits) changes nothing.
    await reopened.reload();
    await expect(reopened.getByTestId('transaction-row')).toHaveCount(2);
    expect(await serverRows(reopened, user, checking)).toHaveLength(2);
    await screens.shot(reopened, 'ledger-synced-375');
  });

  await test.step('a purchase whose account was deleted meanwhile stays, with the reason, to fix or discard', async () => {
    await reopened.goto('/add');
    await reopened.getByRole('combobox', { name: 'Paid from' }).click();
    await reopened.getByRole('option', { name: 'Travel Card' }).click();
    await context.setOffline(true);
    await reopened.getByLabel('Amount').fill('120');
    await reopened.getByRole('button', { name: 'Save' }).click();
    await expect(reopened.getByTestId('quick-add-saved')).toContainText('kept on this device');
    // Meanwhile, on another device, the card is deleted.
    expect((await reopened.request.delete(`/api/accounts/${card}`, { headers: user.headers })).status()).toBe(204);
    await context.setOffline(false);
    await reopened.goto(monthPath(checking));
    const refused = reopened.getByTestId('waiting-entry');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText('Not saved: the server refused it');
    await expect(refused).toContainText('Travel Card');
    await screens.shot(reopened, 'ledger-refused-375');
    await refused.getByRole('button', { name: 'Discard' }).click();
    await expect(reopened.getByTestId('waiting-entries')).toHaveCount(0);
    await reopened.reload();
    await expect(reopened.getByTestId('waiting-entries')).toHaveCount(0);
  });
});
