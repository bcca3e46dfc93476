/**
 * Issue 15, transfers: a new user moves money from checking to savings and sees it in both
 * ledgers as 'Transfer to Savings' / 'Transfer from Checking', changes the amount from the
 * leg's details, removes it, then imports a card payment seen from both accounts and marks the
 * suggested pair as one transfer.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { Screens } from './support/screens';
import { uniqueEmail } from './support/app';

const PASSWORD = 'Transfers2024a';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
const usDate = (day: Date) => `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;

interface Seeded {
  headers: Record<string, string>;
  checking: number;
  savings: number;
  card: number;
}

/** A new user (the budget wizard stopped) with checking, savings and a card, signed in through local storage. */
async function seedUser(page: Page): Promise<Seeded> {
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email: uniqueEmail('transfers'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const firstOfMonth = isoDate(new Date(new Date().getFullYear(), new Date().getMonth(), 1));
  const account = async (name: string, account_type_id: number, current_balance: number, limit?: number) => {
    const response = await page.request.post('/api/accounts', {
      headers,
      data: { name, account_type_id, most_recent_balance: { current_balance, date: firstOfMonth, ...(limit && { limit }) } },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const checking = await account('Checking', 2, 3000);
  const savings = await account('Savings', 1, 1000);
  const card = await account('Visa', 3, -400, 5000);
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { headers, checking, savings, card };
}

/** Imports a CSV statement into an account through the API and waits for the import to finish. */
async function importStatement(page: Page, headers: Record<string, string>, accountId: number, csv: string): Promise<void> {
  const upload = await page.request.post('/api/upload-transactions', {
    headers,
    // US dates (which read two ways in a month's first 12 days), and on the card a positive row
    // that is a payment in: the answers to the questions such files ask (DECISIONS.md #95).
    multipart: {
      account_id: String(accountId),
      confirm: 'month-first,negative-is-expense',
      file: { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.status()).toBe(202);
  const { id } = (await upload.json()) as { id: number };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/imports/${id}`, { headers })).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed');
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a transfer shows in both ledgers, is edited and removed whole, and a suggested pair becomes one', async ({ page }) => {
  const screens = new Screens('transfers');
  const { headers, checking, savings, card } = await seedUser(page);
  const today = new Date();

  await page.goto(`/ledger/accounts/${checking}`);
  await page.getByRole('link', { name: 'Add Transfer' }).click();
  const modal = page.getByRole('dialog', { name: 'New Transfer' });
  await expect(modal).toBeVisible();
  await choose(page, 'From account', 'Checking');
  // Saving with nothing more is answered by the form itself, without a request (issue 36).
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/transfers')) sent.push(request.url());
  });
  await modal.getByRole('button', { name: 'Save Transfer' }).click();
  await expect(modal.getByText('Choose the account the money goes to.')).toBeVisible();
  expect(sent).toEqual([]);
  // The account the money leaves is not offered again as where it goes.
  await screens.shot(page, 'new-transfer-missing-account-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('combobox', { name: 'To account', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Savings', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Checking', exact: true })).toHaveCount(0);
  await screens.shot(page, 'new-transfer-to-options-375');
  await page.getByRole('option', { name: 'Savings', exact: true }).click();
  await page.setViewportSize({ width: 1280, height: 860 });
  await modal.getByRole('textbox', { name: 'Amount' }).fill('500');
  await modal.getByRole('textbox', { name: 'Notes' }).fill('Rainy day fund');
  await screens.shot(page, 'new-transfer');
  await expectNoSeriousViolations(page, 'new transfer');
  await modal.getByRole('button', { name: 'Save Transfer' }).click();
  await expect(modal).toBeHidden();

  const outLeg = page.getByTestId('transaction-row').filter({ hasText: 'Transfer to Savings' });
  await expect(outLeg).toBeVisible();
  await expect(outLeg.getByTestId('amount')).toHaveText('-$500.00');
  await expect(page.getByTestId('missing-emotions-banner')).toHaveCount(0);
  await expect(page.getByTestId('uncategorized-banner')).toHaveCount(0);
  await screens.shot(page, 'checking-ledger');
  await expectNoSeriousViolations(page, 'ledger with a transfer leg');

  await page.goto(`/ledger/accounts/${savings}`);
  const inLeg = page.getByTestId('transaction-row').filter({ hasText: 'Transfer from Checking' });
  await expect(inLeg.getByTestId('amount')).toHaveText('$500.00');
  await screens.shot(page, 'savings-ledger');

  // The details of a leg edit the whole transfer.
  await inLeg.click();
  const details = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(details.getByTestId('details-entity')).toHaveText('Transfer from Checking');
  await screens.shot(page, 'leg-details');
  await expectNoSeriousViolations(page, 'details of a transfer leg');
  await details.getByRole('link', { name: 'Edit Transfer' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Transfer' });
  await expect(editor.getByRole('textbox', { name: 'Amount' })).toHaveValue('500.00');
  await editor.getByRole('textbox', { name: 'Amount' }).fill('650');
  await screens.shot(page, 'edit-transfer');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Transfer from Checking' }).getByTestId('amount')).toHaveText('$650.00');
  await page.goto(`/ledger/accounts/${checking}`);
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Transfer to Savings' }).getByTestId('amount')).toHaveText('-$650.00');

  // Removing it removes both legs.
  await page.getByTestId('transaction-row').filter({ hasText: 'Transfer to Savings' }).getByRole('link', { name: 'Edit transfer' }).click();
  const remover = page.getByRole('dialog', { name: 'Edit Transfer' });
  await remover.getByRole('button', { name: 'Remove Transfer' }).click();
  await remover.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(remover).toBeHidden();
  await expect(page.getByTestId('transfer-label')).toHaveCount(0);
  await page.goto(`/ledger/accounts/${savings}`);
  await expect(page.getByTestId('transactions-heading')).toHaveText('Transactions (0)');

  // A card payment imported from both statements is suggested, and accepted.
  await importStatement(page, headers, checking, `Date,Description,Amount\n${usDate(today)},ONLINE PAYMENT VISA,-250.00\n`);
  await importStatement(page, headers, card, `Date,Description,Amount\n${usDate(today)},PAYMENT THANK YOU,250.00\n`);
  await page.goto(`/ledger/accounts/${checking}`);
  const suggestion = page.getByTestId('transfer-suggestion');
  await expect(suggestion).toContainText('Looks like a transfer: −$250.00 Checking on');
  await expect(suggestion).toContainText('+$250.00 Visa on');
  await screens.shot(page, 'suggestion');
  await expectNoSeriousViolations(page, 'transfer suggestion');
  await suggestion.getByRole('button', { name: 'Mark as transfer' }).click();
  await expect(page.getByTestId('transfer-suggestions')).toHaveCount(0);
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Transfer to Visa' }).getByTestId('amount')).toHaveText('-$250.00');
  await screens.shot(page, 'suggestion-accepted');
  await page.goto(`/ledger/accounts/${card}`);
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Transfer from Checking' })).toBeVisible();
  await screens.shot(page, 'card-ledger');
});
