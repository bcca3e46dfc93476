/**
 * Issue 17 "Done when": a bank CSV Mindspend does not recognise (a German bank's semicolon export
 * with decimal commas and day-first dates) asks which column is which; the person checks the
 * preview, fixes the date format, imports, and sees on the ledger what was imported and which
 * line was passed over, and why.
 */
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { addAccountByApi, registerByApi, signInByToken } from './support/api-user';

const PASSWORD = 'Mapping2024a';
const ACCOUNT = 'Girokonto';

const GERMAN_CSV = [
  'Kontoauszug Girokonto;DE89370400440532013000',
  '',
  'Buchungstag;Valuta;Verwendungszweck;Betrag;Währung',
  '01.10.2026;01.10.2026;Starting Balance;0,00;EUR',
  '02.10.2026;02.10.2026;REWE Markt Berlin;-54,30;EUR',
  '05.10.2026;05.10.2026;Miete Oktober Hausverwaltung;-1.234,56;EUR',
  '15.10.2026;15.10.2026;Gehalt ACME GmbH;2.500,00;EUR',
].join('\n');

async function seed(page: Page): Promise<void> {
  const user = await registerByApi(page, { prefix: 'mapping', password: PASSWORD });
  // The file's Währung column says EUR: its account must keep euros, or the import is refused
  // (DECISIONS.md #91). Accounts keep their book's base currency.
  const { books } = (await (await page.request.get('/api/books', { headers: user.headers })).json()) as { books: Array<{ id: number; personal: boolean }> };
  const personal = books.find((book) => book.personal);
  expect(personal).toBeDefined();
  const euros = await page.request.patch(`/api/books/${personal?.id}`, { headers: user.headers, data: { base_currency: 'EUR' } });
  expect(euros.status()).toBe(200);
  await addAccountByApi(page, user, { name: ACCOUNT, typeId: 2, balance: 3000, date: '2026-01-01' });
  await signInByToken(page, user);
}

test('a semicolon CSV with decimal commas is imported through the column mapping step', async ({ page }) => {
  const screens = new Screens('import-mapping');
  await seed(page);
  await page.goto('/import-transactions');
  const dialog = page.getByRole('dialog', { name: 'Import Transactions' });
  await expect(dialog).toBeVisible();
  const account = dialog.getByRole('combobox', { name: 'Account' });
  if ((await account.inputValue()) !== ACCOUNT) {
    await account.click();
    await page.getByRole('option', { name: ACCOUNT }).click();
  }

  await test.step('the upload of an unknown layout asks which column is which, with its guesses', async () => {
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'umsaetze.csv', mimeType: 'text/csv', buffer: Buffer.from(GERMAN_CSV) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const mapping = dialog.getByTestId('column-mapping');
    await expect(mapping).toBeVisible();
    await expect(mapping).toContainText("Mindspend does not recognise this file's columns");
    await expect(dialog.getByTestId('import-status')).toHaveText('Choose the columns to import this file.');
    await expect(dialog.getByRole('combobox', { name: 'Date column' })).toHaveValue('Buchungstag');
    await expect(dialog.getByRole('combobox', { name: 'Amount column' })).toHaveValue('Betrag');
    await expect(dialog.getByRole('combobox', { name: 'Payee column' })).toHaveValue('Verwendungszweck');
    await expect(dialog.getByRole('combobox', { name: 'Currency column' })).toHaveValue('Währung');
    await expect(dialog.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('Semicolon ;');
    await expect(dialog.getByRole('combobox', { name: 'Decimal separator' })).toHaveValue('Comma: 1.234,56');
    const preview = dialog.getByTestId('mapping-preview');
    await expect(preview).toContainText('REWE Markt Berlin');
    await expect(preview).toContainText('-€1,234.56');
    await expect(preview).toContainText('€2,500.00');
    await screens.shot(page, 'mapping-guessed');
  });

  await test.step('a wrong date format is caught in the preview, before anything is imported', async () => {
    await dialog.getByRole('combobox', { name: 'Date format' }).click();
    await page.getByRole('option', { name: 'YYYY-MM-DD' }).click();
    await expect(dialog.getByTestId('mapping-problem')).toContainText('"02.10.2026" is not a date in the format YYYY-MM-DD.');
    await expect(dialog.getByRole('button', { name: 'Import with these columns' })).toBeDisabled();
    await screens.shot(page, 'mapping-wrong-date-format');
    await dialog.getByRole('combobox', { name: 'Date format' }).click();
    await page.getByRole('option', { name: 'DD.MM.YYYY' }).click();
    await expect(dialog.getByTestId('mapping-preview')).toContainText('2026-10-02');
  });

  await test.step('importing lands on the ledger, with the skipped balance line explained', async () => {
    await dialog.getByRole('button', { name: 'Import with these columns' }).click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary).toContainText('imported 3');
    await expect(page).toHaveURL(/\/month\/10\/year\/2026$/);
    await expect(page.getByText('REWE Markt Berlin').first()).toBeVisible();
    await summary.getByRole('button', { name: /1 line passed over/ }).click();
    await expect(summary.getByTestId('skipped-lines')).toContainText('Line 4: A balance or total line ("Starting Balance"), not a transaction.');
    await screens.shot(page, 'ledger-after-mapping');
  });
});
