/**
 * Issue 34: a statement whose own evidence leaves doubt is asked about before anything is written
 * (DECISIONS.md #95). A credit card export whose purchases are positive numbers shows the question
 * with its rows read each way; the suggested answer imports them as purchases. A CSV without a
 * header row is mapped by position, and its first line is imported too. An Excel workbook of two
 * sheets is imported from the sheet the person chooses.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { addAccountByApi, registerByApi, signInByToken } from './support/api-user';

const PASSWORD = 'Questions2024a';
const CARD = 'Visa Card';
const CHECKING = 'Everyday Checking';
const CREDIT_CARD_TYPE = 3;
const CHECKING_TYPE = 2;

const CARD_CSV = ['Date,Description,Amount', '10/15/2026,GROCERY OUTLET,54.20', '10/16/2026,SHELL OIL 57442,38.00', '10/17/2026,BLUE BOTTLE COFFEE,4.50'].join('\n');
const NO_HEADER_CSV = ['10/15/2026,CORNER BAKERY,-8.75', '10/16/2026,CITY PARKING,-12.00', '10/20/2026,ACME PAYROLL,1500.00'].join('\n');

async function seed(page: Page): Promise<void> {
  const user = await registerByApi(page, { prefix: 'questions', password: PASSWORD });
  await addAccountByApi(page, user, { name: CARD, typeId: CREDIT_CARD_TYPE, balance: 0, date: '2026-01-01', limit: 5000 });
  await addAccountByApi(page, user, { name: CHECKING, typeId: CHECKING_TYPE, balance: 0, date: '2026-01-01' });
  await signInByToken(page, user);
}

async function openImport(page: Page, account: string) {
  await page.goto('/import-transactions');
  const dialog = page.getByRole('dialog', { name: 'Import Transactions' });
  await expect(dialog).toBeVisible();
  const chooser = dialog.getByRole('combobox', { name: 'Account' });
  if ((await chooser.inputValue()) !== account) {
    await chooser.click();
    await page.getByRole('option', { name: account }).click();
  }
  return dialog;
}

test('a card export with positive purchases asks which way its amounts go, and imports them as purchases', async ({ page }) => {
  const screens = new Screens('import-questions');
  await seed(page);
  const dialog = await openImport(page, CARD);

  await test.step('the upload stops before writing and asks, with three rows read each way', async () => {
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'visa.csv', mimeType: 'text/csv', buffer: Buffer.from(CARD_CSV) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const question = dialog.getByTestId('import-question');
    await expect(question).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByTestId('import-status')).toHaveText('One question before this file is imported.');
    await expect(question).toContainText('Every amount in this file is positive, and the account is a credit card');
    await expect(question).toContainText('Nothing has been imported yet.');
    const purchases = question.getByTestId('import-answer-positive-is-expense');
    await expect(purchases.getByRole('radio')).toBeChecked();
    await expect(purchases).toContainText('(suggested)');
    await expect(purchases).toContainText('-$54.20');
    await expect(question.getByTestId('import-answer-negative-is-expense')).toContainText('+$54.20');
    await screens.shot(page, 'card-question');
  });

  await test.step('the suggested answer imports the rows as purchases', async () => {
    await dialog.getByRole('button', { name: 'Import with this answer' }).click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary).toContainText('imported 3');
    await expect(page).toHaveURL(/\/month\/10\/year\/2026$/);
    await expect(page.getByText('Grocery Outlet').first()).toBeVisible();
    await screens.shot(page, 'card-ledger');
  });

  await test.step('the account remembers the answer: its next file is not asked about', async () => {
    const again = await openImport(page, CARD);
    const next = `${CARD_CSV}\n10/21/2026,CORNER BAKERY,6.25`;
    await again.locator('input[type="file"]').setInputFiles({ name: 'visa-2.csv', mimeType: 'text/csv', buffer: Buffer.from(next) });
    await again.getByRole('button', { name: 'Upload' }).click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText('imported 1, skipped 3 duplicates', { timeout: 20_000 });
  });
});

test('a CSV without a header row is mapped by position, and its first line is imported', async ({ page }) => {
  const screens = new Screens('import-no-header');
  await seed(page);
  const dialog = await openImport(page, CHECKING);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_HEADER_CSV) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const mapping = dialog.getByTestId('column-mapping');
  await expect(mapping).toBeVisible({ timeout: 20_000 });
  await expect(mapping).toContainText('This file has no header row: its first line is already a transaction.');
  await expect(mapping.getByRole('checkbox', { name: 'The first line holds column names' })).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Date column' })).toHaveValue('Column 1 (10/15/2026)');
  await expect(dialog.getByRole('combobox', { name: 'Amount column' })).toHaveValue('Column 3 (-8.75)');
  await expect(dialog.getByRole('combobox', { name: 'Payee column' })).toHaveValue('Column 2 (CORNER BAKERY)');
  const preview = dialog.getByTestId('mapping-preview');
  await expect(preview).toContainText('CORNER BAKERY');
  await expect(preview).toContainText('-$8.75');
  await screens.shot(page, 'positions');
  await dialog.getByRole('button', { name: 'Import with these columns' }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary).toContainText('Read 3 rows: imported 3');
  await expect(page.getByText('Corner Bakery').first()).toBeVisible();
  await screens.shot(page, 'ledger');
});

test('an Excel workbook of two sheets is imported from the sheet chosen', async ({ page }) => {
  const screens = new Screens('import-workbook');
  await seed(page);
  const workbook = readFileSync(new URL('../../../packages/domain/src/imports/fixtures/xlsx-two-sheets.xlsx', import.meta.url));
  const dialog = await openImport(page, CHECKING);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'october.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  const sheet = dialog.getByRole('combobox', { name: 'Sheet' });
  await expect(sheet).toHaveValue('Summary');
  await sheet.click();
  await page.getByRole('option', { name: 'Transactions' }).click();
  await screens.shot(page, 'sheet-chosen');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary).toContainText('Imported october.xlsx (sheet Transactions) into Everyday Checking');
  await expect(summary).toContainText('imported 3');
  await expect(page).toHaveURL(/\/month\/10\/year\/2026$/);
  await expect(page.getByText('Grocery Outlet').first()).toBeVisible();
  await screens.shot(page, 'ledger');
});
