/**
 * Issue 3 "Done when": a new user keeps a ledger. Creates a checking account with a balance,
 * adds a payee with an address from the new-transaction form (the draft survives and the payee
 * comes back selected), records an expense split over two sub-categories with a feeling and a
 * purpose, edits it, reads its row and details, filters, searches, changes month, then deletes
 * the transaction and the account. A second test renders a month of 2,000 transactions.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatRowDate } from '@mindspend/domain';
import { Screens } from './support/screens';
import { currentBudgetsPath, fillAccount, uniqueEmail } from './support/app';

const PASSWORD = 'Ledger2024a';
const PAYEE = 'Green Valley Farmers Market Cooperative Inc.';
const PAYEE_SHORT = 'Green Valley Farmers';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function today(): { year: number; month: number; day: number } {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

function monthLabel(year: number, month: number): string {
  return `${MONTHS[month - 1]} ${year}`;
}

/** Opens a Mantine select by its label and picks the option whose text matches. */
async function pick(scope: Page | Locator, page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: typeof label === 'string' }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillAccount(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`${currentBudgetsPath()}$`));
}

test('a new user keeps a ledger: account, payee, split expense, filters, search, months, removal', async ({ page }) => {
  test.setTimeout(240_000);
  const screens = new Screens('ledger');
  const email = uniqueEmail('ledger');
  const now = today();
  const rowDate = formatRowDate(now);
  const rows = page.getByTestId('transaction-row');

  await test.step('sign up and open an empty ledger', async () => {
    await signUp(page, email);
    // Straight to the ledger: the budgets page may be showing its first-run wizard.
    await page.goto('/ledger');
    await expect(page.getByRole('link', { name: 'Ledger' }).first()).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('no-accounts')).toBeVisible();
    await expect(page.getByPlaceholder('Select an account')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Account' })).toHaveCount(0);
    await expect(page.getByPlaceholder('Search Transactions')).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Add Transaction' })).toHaveAttribute('data-disabled', 'true');
    await expect(page.getByTestId('ledger-month')).toHaveText(monthLabel(now.year, now.month));
    await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await expect(page.getByTestId('ledger-empty')).toHaveText(`No transactions found for ${monthLabel(now.year, now.month)}.`);
    await screens.shot(page, 'empty-ledger');
  });

  await test.step('create a checking account with a balance', async () => {
    await page.getByRole('link', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Account Name').fill('Everyday Checking');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Account type is not selected.')).toBeVisible();
    await screens.shot(page, 'new-account-no-type');
    await dialog.getByRole('radio', { name: 'Checking' }).check();
    await dialog.getByLabel('Account Balance').fill('2500');
    await dialog.getByRole('button', { name: 'Add 10' }).click();
    await expect(dialog.getByLabel('Account Balance')).toHaveValue('2510.00');
    // The balance was read at the end of last month, so this month's transactions move it.
    const balanceDay = new Date(now.year, now.month - 1, 0);
    const balanceDate = `${balanceDay.getMonth() + 1}/${balanceDay.getDate()}/${balanceDay.getFullYear()}`;
    await dialog.getByLabel('Balance Date').fill(balanceDate);
    await dialog.getByLabel('Account Name').click();
    await expect(dialog.getByLabel('Balance Date')).toHaveValue(balanceDate);
    await screens.shot(page, 'new-account-filled');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue('Everyday Checking');
    const summary = page.getByTestId('account-summary');
    await expect(summary.getByText('Checking', { exact: true })).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Monthly overview' })).toBeVisible();
    await expect(summary.getByTestId('figure-Current Balance')).toHaveText('$2,510.00');
    await expect(summary.getByTestId('figure-Available Balance')).toHaveText('$2,510.00');
    await expect(page.getByRole('link', { name: 'Edit Account' })).toBeVisible();
    await screens.shot(page, 'account-created');
  });

  await test.step('start an expense, add its payee with an address, come back with it selected', async () => {
    await page.getByRole('link', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Expense' }).check();
    await expect(dialog.getByRole('combobox', { name: 'Where did you spend the money?' })).toBeVisible();
    await expect(dialog.getByPlaceholder('Add notes here...')).toBeVisible();
    await dialog.getByLabel('Amount', { exact: true }).fill('84.25');
    await dialog.getByRole('button', { name: 'Add new' }).click();

    await expect(page).toHaveURL(/\/ledger\/add-entity\?from=AddNewTransaction$/);
    const entity = page.getByRole('dialog', { name: 'New Entity' });
    await entity.getByRole('button', { name: 'Add New' }).click();
    await expect(entity.getByText('The name field is required.')).toBeVisible();
    await screens.shot(page, 'new-entity-name-required');
    await entity.getByLabel('Payee/Payor').fill(PAYEE);
    await entity.getByLabel('Address Line 1').fill('1200 Orchard Road');
    await entity.getByLabel('City').fill('Portland');
    await pick(entity, page, 'State', 'Oregon');
    await entity.getByLabel('Zipcode').fill('97201');
    await screens.shot(page, 'new-entity-filled');
    await entity.getByRole('button', { name: 'Add New' }).click();

    await expect(page).toHaveURL(/\/ledger\/add-transaction$/);
    const back = page.getByRole('dialog', { name: 'New Transaction' });
    await expect(back.getByLabel('Amount', { exact: true })).toHaveValue('84.25');
    await expect(back.getByRole('combobox', { name: 'Where did you spend the money?' })).toHaveValue(PAYEE);
  });

  await test.step('split the expense over two sub-categories with a feeling and a purpose', async () => {
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await pick(dialog, page, 'Category', 'Food');
    await pick(dialog, page, 'Sub-category', /Groceries/);
    await dialog.getByRole('button', { name: 'Split category' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Split 1 sub-category' })).toHaveValue(/Groceries/);
    await dialog.getByLabel('Split 1 amount').fill('60');
    await pick(dialog, page, 'Split 2 sub-category', /Dining Out/);
    await dialog.getByLabel('Split 2 amount').fill('24.25');
    await expect(dialog.getByTestId('split-total')).toHaveText('Split $84.25 of $84.25');
    await pick(dialog, page, 'Payment Method', 'Debit Card');
    await pick(dialog, page, 'What was the purpose?', 'Survival');
    await dialog.getByRole('button', { name: 'Regretted it' }).click();
    await dialog.getByRole('button', { name: 'Felt good' }).click();
    await expect(dialog.getByRole('button', { name: 'Felt good' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('button', { name: 'Regretted it' })).toHaveAttribute('aria-pressed', 'false');
    await dialog.getByLabel('Notes').fill('Weekly market run');
    await screens.shot(page, 'new-transaction-filled');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('transactions-heading')).toHaveText('Transactions (1)');
  });

  await test.step('edit it: ten dollars more on the second split', async () => {
    await rows.first().getByRole('link', { name: 'Edit transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('84.25');
    await expect(dialog.getByLabel('Description')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Edit Entity' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add New Entity' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add 10' }).click();
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveValue('94.25');
    await dialog.getByLabel('Split 2 amount').fill('34.25');
    await screens.shot(page, 'edit-transaction');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('read the row', async () => {
    const row = rows.first();
    await expect(row).toContainText(rowDate);
    await expect(row.getByTestId('payee')).toHaveText(PAYEE_SHORT);
    await expect(row.getByTestId('split-line')).toHaveCount(2);
    await expect(row.getByTestId('split-line').nth(0)).toContainText('Groceries');
    await expect(row.getByTestId('split-line').nth(0)).toContainText('$60.00');
    await expect(row.getByTestId('split-line').nth(1)).toContainText('Dining Out');
    await expect(row.getByTestId('split-line').nth(1)).toContainText('$34.25');
    await expect(row.getByTestId('amount')).toHaveText('-$94.25');
    await expect(row.getByRole('img', { name: 'Felt good' })).toBeVisible();
    await expect(page.getByTestId('figure-Available Balance')).toHaveText('$2,415.75');
    await expect(page.getByTestId('emotion-positive')).toHaveText('100%');
    await expect(page.getByTestId('feeling-coverage')).toHaveText(/^100% of [A-Z][a-z]+'s spending has a feeling\.$/);
    await row.getByTestId('payee').hover();
    await expect(page.getByRole('tooltip')).toHaveText(PAYEE);
    await screens.shot(page, 'ledger-row');
  });

  await test.step('open its details', async () => {
    await rows.first().getByTestId('amount').click();
    await expect(page).toHaveURL(/\/ledger\/view-transaction\/\d+$/);
    const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(dialog.getByTestId('details-amount')).toContainText('$94.25');
    await expect(dialog.getByRole('img', { name: 'Money out' })).toBeVisible();
    await expect(dialog.getByText('Expense', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('details-entity')).toHaveText(`🛒 ${PAYEE}`);
    await expect(dialog.getByText('Completed')).toBeVisible();
    await expect(dialog.getByText('Felt good')).toBeVisible();
    await expect(dialog.getByText('Survival')).toBeVisible();
    // Every part of the split with its amount, and the notes typed in (issue 36).
    await expect(dialog.getByTestId('details-split')).toHaveText(/Groceries\$60\.00.*Dining Out\$34\.25/);
    await expect(dialog.getByTestId('details-notes')).toHaveText('Weekly market run');
    await screens.shot(page, 'transaction-details');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(dialog.getByTestId('details-split')).toBeVisible();
    await screens.shot(page, 'transaction-details-375');
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(rows).toHaveCount(1);
  });

  await test.step('add an uncategorized income for the filters', async () => {
    await page.getByRole('link', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await dialog.getByRole('radio', { name: 'Income' }).check();
    await expect(dialog.getByRole('combobox', { name: 'Where did the money come from?' })).toBeVisible();
    await dialog.getByLabel('Amount', { exact: true }).fill('1,500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('uncategorized-banner')).toContainText('1 uncategorized transaction totaling $1,500.00');
    await expect(page.getByTestId('missing-emotions-banner')).toContainText('1 transaction has no feeling yet.');
    await expect(rows.filter({ hasText: 'Needs Category' })).toHaveCount(1);
    await screens.shot(page, 'two-transactions');
  });

  await test.step('filter by Uncategorized, then by Income', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByTestId('filters-panel');
    await panel.getByText('Uncategorized', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('amount')).toHaveText('$1,500.00');
    await screens.shot(page, 'filter-uncategorized');
    await panel.getByText('Categorized', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('payee')).toHaveText(PAYEE_SHORT);
    await panel.getByText('All', { exact: true }).nth(1).click();
    await panel.getByText('Income', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('amount')).toHaveText('$1,500.00');
    await panel.getByText('Expense', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('amount')).toHaveText('-$94.25');
    await screens.shot(page, 'filter-expense');
    await panel.getByText('All', { exact: true }).first().click();
    await expect(rows).toHaveCount(2);
  });

  await test.step('search by payee', async () => {
    await page.getByPlaceholder('Search Transactions').fill('farmers');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('transactions-heading')).toHaveText('Transactions (1)');
    await expect(rows.first().getByTestId('payee')).toHaveText(PAYEE_SHORT);
    await screens.shot(page, 'search-payee');
    await page.getByPlaceholder('Search Transactions').fill('no such payee');
    await expect(page.getByTestId('ledger-empty')).toBeVisible();
    await page.getByPlaceholder('Search Transactions').fill('');
    await expect(rows).toHaveCount(2);
  });

  await test.step('go to the previous month and back', async () => {
    const previous = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(new RegExp(`/ledger/accounts/\\d+/month/${previous.month}/year/${previous.year}$`));
    await expect(page.getByTestId('ledger-month')).toHaveText(monthLabel(previous.year, previous.month));
    await expect(page.getByTestId('ledger-empty')).toHaveText(`No transactions found for ${monthLabel(previous.year, previous.month)}.`);
    await expect(page.getByRole('button', { name: 'Next month' })).toBeEnabled();
    await screens.shot(page, 'previous-month');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByTestId('ledger-month')).toHaveText(monthLabel(now.year, now.month));
    await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await expect(rows).toHaveCount(2);
    // The details modal opens over the same account and month the user was looking at.
    await rows.first().getByTestId('amount').click();
    await expect(page.getByRole('dialog', { name: 'Transaction Details' })).toBeVisible();
    await expect(page.getByTestId('ledger-month')).toHaveText(monthLabel(now.year, now.month));
    await page.getByRole('button', { name: 'Close', exact: true }).click();
  });

  await test.step('delete the transaction and the account', async () => {
    const expense = rows.filter({ hasText: PAYEE_SHORT });
    await expense.getByRole('link', { name: 'Edit transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await screens.shot(page, 'remove-transaction-confirm');
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: PAYEE_SHORT })).toHaveCount(0);

    await page.getByRole('link', { name: 'Edit Account' }).click();
    const account = page.getByRole('dialog', { name: 'Edit Account' });
    await expect(account.getByLabel('Account Name')).toHaveValue('Everyday Checking');
    // A free-text amount box, as on New Account: two decimals in the number format, no grouping (DECISIONS.md #86).
    await expect(account.getByLabel('Account Balance')).toHaveValue('2510.00');
    await screens.shot(page, 'edit-account');
    await account.getByRole('button', { name: 'Remove', exact: true }).click();
    await account.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(account).toBeHidden();
    await expect(page).toHaveURL(/\/ledger$/);
    await expect(page.getByTestId('no-accounts')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Account' })).toHaveCount(0);
    await screens.shot(page, 'account-removed');
  });
});

test('a month of 2,000 transactions renders a window of rows and scrolls without freezing', async ({ page }) => {
  test.setTimeout(240_000);
  const screens = new Screens('ledger-2000');
  const email = uniqueEmail('ledger-2000');
  const now = today();
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email, password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: unknown };
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/accounts', {
    headers,
    data: { name: 'Busy Checking', account_type_id: 2, most_recent_balance: { current_balance: 50000, date: `${now.year}-01-01` } },
  });
  expect(created.status()).toBe(201);
  const { id: accountId } = (await created.json()) as { id: number };

  const total = 2000;
  const mm = String(now.month).padStart(2, '0');
  for (let start = 0; start < total; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, async (_, offset) => {
        const index = start + offset;
        const response = await page.request.post(`/api/accounts/${accountId}/transactions`, {
          headers,
          data: {
            type: index % 10 === 0 ? 'income' : 'expense',
            amount: 1 + (index % 97) + 0.25,
            date: `${now.year}-${mm}-${String((index % 28) + 1).padStart(2, '0')}`,
            description: `Purchase ${index + 1}`,
            emotion_names: index % 3 === 0 ? ['positive'] : [],
          },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }

  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(user)] as const,
  );
  page.on('console', (message) => console.log(`browser: ${message.text()}`));
  const started = Date.now();
  await page.goto(`/ledger/accounts/${accountId}/month/${now.month}/year/${now.year}`);
  await expect(page.getByTestId('transactions-heading')).toHaveText('Transactions (2000)', { timeout: 20_000 });
  await expect(page.getByTestId('transaction-row').first()).toBeVisible();
  const renderMs = Date.now() - started;
  console.log(`2,000 transactions: first rows visible after ${renderMs} ms`);
  // Generous bounds: the test machine may be busy; a frozen page takes far longer than either.
  expect(renderMs).toBeLessThan(8_000);
  const rendered = await page.getByTestId('transaction-row').count();
  console.log(`rows in the DOM: ${rendered}`);
  expect(rendered).toBeLessThan(60);

  // Scroll to the end the way a user does (wheel steps) and watch for long tasks on the main thread.
  await page.evaluate(() => {
    const store = window as unknown as { longTasks: number[] };
    store.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  const scroller = page.getByTestId('ledger-scroller');
  await scroller.hover();
  const scrollStarted = Date.now();
  for (let step = 0; step < 60; step += 1) await page.mouse.wheel(0, 1000);
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await page.waitForTimeout(300);
  const scrollMs = Date.now() - scrollStarted;
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const slowest = Math.max(0, ...longTasks);
  console.log(`scrolled 2,000 rows in ${scrollMs} ms; long tasks: ${longTasks.join(', ') || 'none'}`);
  expect(slowest).toBeLessThan(400);
  await expect(page.getByTestId('transaction-row').filter({ hasText: /Mon|Tue|Wed|Thu|Fri|Sat|Sun/ }).last()).toBeVisible();
  expect(await page.getByTestId('transaction-row').count()).toBeLessThan(60);
  await page.screenshot({ path: `${screens.dir}/01-scrolled-to-end.png` });
});
