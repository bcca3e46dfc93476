/**
 * Issue 27, first parts: a person in Berlin signs up with a German browser. Their time zone is
 * taken from the browser, amounts are typed the German way, the book is kept in euros (its figures
 * then read in euros everywhere), and they enter an exchange rate of their own.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { expectOnCurrentBudgets, fillAccount, uniqueEmail } from './support/app';
import { Screens } from './support/screens';

const PASSWORD = 'Euros2026a';

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('a German browser: the zone from sign-up, amounts typed the German way, a book in euros, a rate of their own', async ({ page }) => {
  const screens = new Screens('currencies');
  const books = page.getByTestId('books-section');

  await test.step('sign up: the time zone is the browser’s, the number format German', async () => {
    await page.goto('/signup');
    await fillAccount(page, uniqueEmail('euro'), PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectOnCurrentBudgets(page);
    await page.goto('/settings');
    await expect(page.getByTestId('time-zone-setting').getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Berlin/);
    await expect(page.getByTestId('number-format-setting').getByRole('combobox', { name: 'Number format' })).toHaveValue(
      /1\.234\.567,89/,
    );
    await screens.element(page.getByTestId('time-zone-setting'), 'time-zone');
    await screens.element(page.getByTestId('number-format-setting'), 'number-format');
  });

  await test.step('keep the personal book in euros', async () => {
    const personal = books.getByRole('region', { name: 'Book Personal' });
    await personal.getByRole('combobox', { name: 'Base currency of Personal' }).click();
    await page.getByRole('option', { name: /^EUR/ }).click();
    await expect(books.getByRole('region', { name: 'Book Personal' }).getByRole('combobox', { name: 'Base currency of Personal' })).toHaveValue(/EUR/);
    await screens.element(books.getByRole('region', { name: 'Book Personal' }), 'book-in-euros');
  });

  await test.step('an account whose balance is typed 1.234,56 reads 1.234,56 € in the ledger', async () => {
    await page.goto('/ledger');
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill('Girokonto');
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    const balance = dialog.getByLabel('Account Balance');
    // 12.34 is refused in German numbers, never read as 1,234 or 12.34.
    await balance.fill('12.34');
    await dialog.getByLabel('Account Name').click();
    await expect(dialog.getByText(/12\.34/).first()).toBeVisible();
    await screens.shot(page, 'balance-refused');
    await balance.fill('1.234,56');
    await expect(dialog.getByText('€', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const summary = page.getByTestId('account-summary');
    await expect(summary.getByTestId('figure-Current Balance')).toHaveText(/^1\.234,56\s€$/);
    await expectNoSeriousViolations(page, 'ledger in euros');
    await screens.shot(page, 'ledger-in-euros');
  });

  await test.step('a dollar rate of their own, listed as theirs', async () => {
    await page.goto('/settings');
    const rates = page.getByTestId('exchange-rates-section');
    await expect(rates).toContainText('(EUR)');
    const form = rates.getByRole('form', { name: 'Enter your own rate' });
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^USD/ }).click();
    await form.getByLabel('Rate in EUR').fill('0.9234');
    await form.getByRole('button', { name: 'Save rate' }).click();
    const table = rates.getByRole('table', { name: 'Exchange rates' });
    await expect(table.getByRole('row').filter({ hasText: 'USD' })).toContainText('0.9234');
    await expect(table.getByRole('row').filter({ hasText: 'USD' })).toContainText('Yours');
    await expectNoSeriousViolations(page, 'settings with exchange rates');
    await screens.element(rates, 'exchange-rates');
  });
});
