/**
 * Issue 34: switching from another budgeting app in one step (DECISIONS.md #98). A new person
 * opens Import Transactions, follows "Bring everything in at once", picks their old app, uploads its
 * export and sees what came over; the ledger then holds the app's accounts, splits and transfers.
 * The exports are fixtures of our own in each app's documented format.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sampleActualExport } from '../../server/src/test/actual-export-zip';
import { type ApiUser, registerByApi, signInByToken } from './support/api-user';
import { Screens } from './support/screens';

const PASSWORD = 'Switching2024a';
const fixture = (name: string) => readFileSync(new URL(`../../../packages/domain/src/imports/fixtures/${name}`, import.meta.url));

async function openSwitch(page: Page) {
  await page.goto('/import-transactions');
  const imports = page.getByRole('dialog', { name: 'Import Transactions' });
  await expect(imports).toBeVisible();
  await imports.getByRole('link', { name: 'Bring everything in at once' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch from another app' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function accountsOf(page: Page, user: ApiUser) {
  return (await (await page.request.get('/api/accounts', { headers: user.headers })).json()) as Array<{ id: number; name: string; currency: string }>;
}

test('a YNAB register and budget CSV come over with their accounts, a split and transfers; the same upload again adds nothing', async ({ page }) => {
  const screens = new Screens('switching');
  const user = await registerByApi(page, { prefix: 'switch-ynab', password: PASSWORD });
  await signInByToken(page, user);
  const dialog = await openSwitch(page);

  await test.step('choosing YNAB says where its export is, and takes the register with its budget CSV', async () => {
    await dialog.getByRole('radio', { name: 'YNAB' }).check();
    await expect(dialog.getByTestId('switch-how-to')).toContainText('Export budget');
    await dialog.getByLabel('YNAB export (zip or register CSV)').click();
    // Mantine's FileInput opens a hidden input: set the files on it directly.
    await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'My Budget - Register.csv', mimeType: 'text/csv', buffer: fixture('switching-ynab-register.csv') });
    await dialog.locator('input[type="file"]').nth(1).setInputFiles({ name: 'My Budget - Plan.csv', mimeType: 'text/csv', buffer: fixture('switching-ynab-budget.csv') });
    await screens.shot(page, 'ynab-chosen');
    await dialog.getByRole('button', { name: 'Bring it in' }).click();
  });

  await test.step('the summary counts what came over and lists what did not', async () => {
    const summary = page.getByTestId('switch-summary');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary).toContainText('Your YNAB data is in Mindspend');
    await expect(summary).toContainText('13 transactions (1 split) and 3 transfers brought in.');
    await expect(summary).toContainText('3 accounts made.');
    await expect(summary).toContainText('now under “From YNAB”');
    await expect(page.getByTestId('switch-left-behind')).toContainText('monthly budget amounts');
    await screens.shot(page, 'ynab-summary');
  });

  const checking = (await accountsOf(page, user)).find((account) => account.name === 'Everyday Checking');
  expect(checking).toBeDefined();
  await test.step("the ledger's January shows the split and the transfer", async () => {
    await page.getByRole('button', { name: 'Open the ledger' }).click();
    await page.goto(`/ledger/accounts/${checking?.id}/month/1/year/2024`);
    const rows = page.getByTestId('transaction-row');
    await expect(rows.filter({ hasText: 'Fresh Market' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Fresh Market' })).toContainText('Groceries');
    await expect(rows.filter({ hasText: 'Landlord Properties' })).toContainText('Rent');
    await screens.shot(page, 'ynab-ledger');
  });

  await test.step('uploading the same export again brings nothing twice', async () => {
    const again = await openSwitch(page);
    await again.getByRole('radio', { name: 'YNAB' }).check();
    await again.locator('input[type="file"]').first().setInputFiles({ name: 'My Budget - Register.csv', mimeType: 'text/csv', buffer: fixture('switching-ynab-register.csv') });
    await again.getByRole('button', { name: 'Bring it in' }).click();
    const summary = page.getByTestId('switch-summary');
    await expect(summary).toContainText('0 transactions and 0 transfers brought in.', { timeout: 20_000 });
    await expect(summary).toContainText('already here from an earlier upload of this export');
    expect(await accountsOf(page, user)).toHaveLength(3);
  });
});

test('an Actual Budget export zip and a Mint CSV come over, and a Mint CSV given as YNAB is refused with what to do', async ({ page }) => {
  const screens = new Screens('switching-actual');
  const user = await registerByApi(page, { prefix: 'switch-actual', password: PASSWORD });
  await signInByToken(page, user);
  const dialog = await openSwitch(page);

  await dialog.getByRole('radio', { name: 'YNAB' }).check();
  await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: fixture('switching-mint-transactions.csv') });
  await dialog.getByRole('button', { name: 'Bring it in' }).click();
  await expect(dialog.getByTestId('switch-error')).toContainText('This is not a YNAB register export', { timeout: 20_000 });
  await screens.shot(page, 'wrong-file');
  expect(await accountsOf(page, user)).toHaveLength(0);

  await dialog.getByRole('radio', { name: 'Actual Budget' }).check();
  await expect(dialog.getByTestId('switch-how-to')).toContainText('Export data');
  await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'My-Finances.zip', mimeType: 'application/zip', buffer: Buffer.from(sampleActualExport()) });
  await dialog.getByRole('button', { name: 'Bring it in' }).click();
  const summary = page.getByTestId('switch-summary');
  await expect(summary).toContainText('Your Actual Budget data is in Mindspend', { timeout: 20_000 });
  await expect(summary).toContainText('4 accounts made.');
  await screens.shot(page, 'actual-summary');
  const names = (await accountsOf(page, user)).map((account) => account.name).sort();
  expect(names).toEqual(['Brokerage', 'Chase Sapphire Visa', 'Emergency Savings', 'Everyday Checking']);

  // Mint's export in the same book: its accounts join the ones already there.
  await page.getByRole('button', { name: 'Open the ledger' }).click();
  const mint = await openSwitch(page);
  await mint.getByRole('radio', { name: 'Mint' }).check();
  await mint.locator('input[type="file"]').first().setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: fixture('switching-mint-transactions.csv') });
  await mint.getByRole('button', { name: 'Bring it in' }).click();
  await expect(page.getByTestId('switch-summary')).toContainText('Your Mint data is in Mindspend', { timeout: 20_000 });
  await expect(page.getByTestId('switch-summary')).toContainText(/\d+ transactions( \(\d+ splits?\))? and [1-9]\d* transfers? brought in\./);
  await screens.shot(page, 'mint-summary');
  expect((await accountsOf(page, user)).map((account) => account.name)).toContain('Chase Checking');
});

test('a Firefly III CSV comes over into a euro book, its dollar account keeping dollars', async ({ page }) => {
  const screens = new Screens('switching-firefly');
  const user = await registerByApi(page, { prefix: 'switch-csv', password: PASSWORD });
  // Firefly's export keeps euros, with one account in dollars converted at the rate of its day.
  const { books } = (await (await page.request.get('/api/books', { headers: user.headers })).json()) as { books: Array<{ id: number; personal: boolean }> };
  const personal = books.find((book) => book.personal);
  expect((await page.request.patch(`/api/books/${personal?.id}`, { headers: user.headers, data: { base_currency: 'EUR' } })).status()).toBe(200);
  expect((await page.request.put('/api/fx-rates/USD/2024-01-01', { headers: user.headers, data: { rate: '0.9240' } })).ok()).toBe(true);
  await signInByToken(page, user);

  const dialog = await openSwitch(page);
  await dialog.getByRole('radio', { name: 'Firefly III' }).check();
  await expect(dialog.getByTestId('switch-how-to')).toContainText('Export data');
  await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'firefly-export.csv', mimeType: 'text/csv', buffer: fixture('switching-firefly-export.csv') });
  await dialog.getByRole('button', { name: 'Bring it in' }).click();
  const summary = page.getByTestId('switch-summary');
  await expect(summary).toContainText('Your Firefly III data is in Mindspend', { timeout: 20_000 });
  await screens.shot(page, 'firefly-summary');
  const accounts = await accountsOf(page, user);
  expect(accounts.find((account) => account.name === 'US Dollar Account')?.currency).toBe('USD');
});

test('a YNAB register whose dates read both ways is asked about before anything is brought in', async ({ page }) => {
  const screens = new Screens('switching-dates');
  const user = await registerByApi(page, { prefix: 'switch-dates', password: PASSWORD });
  await signInByToken(page, user);
  const header = '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"';
  const register = [header, '"Current Account","","03/04/2024","Corner Bakery","Food: Bakery","Food","Bakery","","£4.00","£0.00","Cleared"', '"Current Account","","05/06/2024","Corner Bakery","Food: Bakery","Food","Bakery","","£3.50","£0.00","Cleared"'].join('\n');
  const dialog = await openSwitch(page);
  await dialog.getByRole('radio', { name: 'YNAB' }).check();
  await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'Register.csv', mimeType: 'text/csv', buffer: Buffer.from(register) });
  await dialog.getByRole('button', { name: 'Bring it in' }).click();
  const question = dialog.getByTestId('switch-date-question');
  await expect(question).toContainText('like 03/04/2024', { timeout: 20_000 });
  await expect(question).toContainText('nothing is brought in until then');
  await expect(dialog.getByRole('button', { name: 'Bring it in' })).toBeDisabled();
  expect(await accountsOf(page, user)).toHaveLength(0);
  await question.getByRole('radio', { name: /Day first/ }).check();
  await screens.shot(page, 'date-question');
  await dialog.getByRole('button', { name: 'Bring it in' }).click();
  await expect(page.getByTestId('switch-summary')).toContainText('2 transactions and 0 transfers brought in.', { timeout: 20_000 });
  const [account] = await accountsOf(page, user);
  // 03/04/2024 read day first is 3 April: April's ledger holds it.
  await page.getByRole('button', { name: 'Open the ledger' }).click();
  await page.goto(`/ledger/accounts/${account?.id}/month/4/year/2024`);
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Corner Bakery' })).toHaveCount(1);
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Corner Bakery' })).toContainText('Wed - Apr 3');
});
