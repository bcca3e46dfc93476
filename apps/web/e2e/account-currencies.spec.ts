/**
 * Issue 27, accounts in their own currency (DECISIONS.md #90): a person whose book is kept in
 * dollars opens a euro account and a yen account beside their dollar one. Each account's ledger
 * shows its own currency, with the book's dollars beside a foreign amount; a yen amount with cents
 * is refused; a transfer from euros to dollars asks what arrived.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { uniqueEmail } from './support/app';
import { Screens } from './support/screens';

const PASSWORD = 'ThreeCurrencies2026a';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** `days` days before today on this machine's clock. */
function daysAgo(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return isoDate(day);
}

/** A new user (the budget wizard stopped) with a dollar account and rates of their own for euros and yen, signed in. */
async function seedUser(page: Page): Promise<{ headers: Record<string, string> }> {
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email: uniqueEmail('currencies'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const checking = await page.request.post('/api/accounts', {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 2500, date: daysAgo(40) } },
  });
  expect(checking.status()).toBe(201);
  for (const [currency, rate] of [['EUR', '1.08'], ['JPY', '0.0066']] as const) {
    expect((await page.request.put(`/api/fx-rates/${currency}/${daysAgo(30)}`, { headers, data: { rate } })).ok()).toBe(true);
  }
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { headers };
}

/** Opens New Account and saves a checking account kept in `currency` with an opening balance. */
async function addAccount(page: Page, screens: Screens, name: string, currency: RegExp, balance: string, shot?: string): Promise<void> {
  await page.getByRole('link', { name: 'Add Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Account' });
  await dialog.getByLabel('Account Name').fill(name);
  await dialog.getByRole('radio', { name: 'Checking' }).check();
  await dialog.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: currency }).click();
  await dialog.getByLabel('Account Balance').fill(balance);
  if (shot) await screens.shot(page, shot);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a dollar book with a euro and a yen account: each ledger in its own currency, the book’s dollars beside', async ({ page }) => {
  const screens = new Screens('account-currencies');
  const { headers } = await seedUser(page);
  await page.goto('/ledger');
  await expect(page.getByRole('link', { name: 'Add Transaction' })).not.toHaveAttribute('aria-disabled', 'true');

  await test.step('a euro account: its balance reads in euros', async () => {
    await addAccount(page, screens, 'Girokonto', /^EUR/, '1000', 'new-account-in-euros');
    await expect(page.getByTestId('account-summary').getByTestId('figure-Current Balance')).toHaveText('€1,000.00');
  });

  await test.step('a purchase in euros shows in euros, with the book’s dollars beside it', async () => {
    await page.getByRole('link', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await dialog.getByRole('radio', { name: 'Expense' }).check();
    await dialog.getByLabel('Amount', { exact: true }).fill('41.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('transaction-row').first();
    await expect(row.getByTestId('amount')).toContainText('€41.50');
    // €41.50 at the rate of 1.08 entered 30 days ago.
    await expect(row.getByTestId('base-amount')).toContainText('$44.82');
    await expectNoSeriousViolations(page, 'a euro account’s ledger');
    await screens.shot(page, 'euro-ledger');
    await row.click();
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('details-fx-rate')).toContainText('1 EUR = 1.08 USD');
    await screens.shot(page, 'euro-details');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  });

  await test.step('a yen account refuses a fraction of a yen and keeps whole ones', async () => {
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await dialog.getByLabel('Account Name').fill('Tokyo Wallet');
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^JPY/ }).click();
    await dialog.getByLabel('Account Balance').fill('12.5');
    await dialog.getByLabel('Account Name').click();
    await expect(dialog.getByText('JPY amounts have no decimal places.').first()).toBeVisible();
    await screens.shot(page, 'yen-fraction-refused');
    await dialog.getByLabel('Account Balance').fill('50000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-summary').getByTestId('figure-Current Balance')).toHaveText('¥50,000');

    const accounts = (await (await page.request.get('/api/accounts', { headers })).json()) as Array<{ id: number; name: string }>;
    const wallet = accounts.find((account) => account.name === 'Tokyo Wallet');
    const ramen = await page.request.post(`/api/accounts/${wallet?.id}/transactions`, { headers, data: { type: 'expense', amount: 1200, date: daysAgo(0) } });
    expect(ramen.status()).toBe(201);
    await page.reload();
    const row = page.getByTestId('transaction-row').first();
    await expect(row.getByTestId('amount')).toContainText('¥1,200');
    await expect(row.getByTestId('base-amount')).toContainText('$7.92');
    await screens.shot(page, 'yen-ledger');
  });

  await test.step('a transfer from euros to dollars asks what arrived', async () => {
    await page.getByRole('link', { name: 'Add Transfer' }).click();
    const modal = page.getByRole('dialog', { name: 'New Transfer' });
    await page.getByRole('combobox', { name: 'From account', exact: true }).click();
    await page.getByRole('option', { name: /^Girokonto/ }).click();
    await page.getByRole('combobox', { name: 'To account', exact: true }).click();
    await page.getByRole('option', { name: /^Everyday Checking/ }).click();
    await modal.getByRole('textbox', { name: 'Amount', exact: true }).fill('100');
    const received = modal.getByRole('textbox', { name: 'Amount received' });
    await expect(received).toBeVisible();
    await received.fill('108.50');
    await expectNoSeriousViolations(page, 'a transfer between currencies');
    await screens.shot(page, 'transfer-between-currencies');
    await modal.getByRole('button', { name: 'Save Transfer' }).click();
    await expect(modal).toBeHidden();
    const transfers = (await (await page.request.get('/api/accounts', { headers })).json()) as Array<{ id: number; name: string }>;
    const checking = transfers.find((account) => account.name === 'Everyday Checking');
    const month = new Date();
    const rows = (await (
      await page.request.get(`/api/accounts/${checking?.id}/transactions/month/${month.getMonth() + 1}/year/${month.getFullYear()}`, { headers })
    ).json()) as Array<{ amount: number; transfer_id: number | null }>;
    expect(rows.find((row) => row.transfer_id !== null)?.amount).toBe(108.5);
  });
});
