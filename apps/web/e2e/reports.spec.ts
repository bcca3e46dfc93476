/**
 * Issue 15, reports: a person with a checking account, a credit card and a few months of money
 * opens Reports from the navigation, reads net worth, cash flow and spending for the last 12
 * months, widens the range, groups spending by purpose, and saves the cash flow as a CSV file.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, useSystemScheme } from './support/accessibility';
import { uniqueEmail } from './support/app';
import { Screens } from './support/screens';

const PASSWORD = 'Reports2024a';

interface Month {
  year: number;
  month: number;
}

const now = new Date();
const current: Month = { year: now.getFullYear(), month: now.getMonth() + 1 };
const shift = (ym: Month, delta: number): Month => {
  const index = ym.year * 12 + ym.month - 1 + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const day = (ym: Month, d: number) => `${ym.year}-${String(ym.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const key = (ym: Month) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (ym: Month) => `${SHORT[ym.month - 1]} ${ym.year}`;

/** A new user (the budget wizard stopped) with checking, a card and two months of money, signed in. */
async function seedUser(page: Page): Promise<void> {
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email: uniqueEmail('reports'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -now.getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const previous = shift(current, -1);
  const account = async (data: Record<string, unknown>) => {
    const response = await page.request.post('/api/accounts', { headers, data });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const checking = await account({ name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 3000, date: day(previous, 1) } });
  const card = await account({ name: 'Visa Card', account_type_id: 3, most_recent_balance: { current_balance: 500, date: day(previous, 1), limit: 4000 } });
  const categories = (await (await page.request.get('/api/transactions/categories', { headers })).json()) as Array<{ subcategories: Array<{ id: number; name: string }> }>;
  const sub = (name: string) => categories.flatMap((category) => category.subcategories).find((entry) => entry.name === name)?.id;
  const add = async (accountId: number, data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/accounts/${accountId}/transactions`, { headers, data: { type: 'expense', ...data } });
    expect(response.status()).toBe(201);
  };
  await add(checking, { type: 'income', amount: 2000, date: day(current, 1) });
  await add(checking, { amount: 120.5, date: day(current, 1), purpose: 'survival', emotion_names: ['positive'], subcategories: [{ id: sub('Groceries'), amount: 120.5 }] });
  await add(card, { amount: 79.5, date: day(current, 1), purpose: 'optional', emotion_names: ['negative'], subcategories: [{ id: sub('Dining Out'), amount: 79.5 }] });
  await add(checking, { amount: 300, date: day(previous, 15), purpose: 'survival', subcategories: [{ id: sub('Groceries'), amount: 300 }] });
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
}

test('reports: net worth, cash flow and spending over months, a wider range, a grouping and a CSV file', async ({ page }) => {
  test.setTimeout(120_000);
  const screens = new Screens('reports');
  await seedUser(page);
  await page.goto('/ledger');
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // Seven links and the user menu in one row: a 1280 px window must not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  const cashFlow = page.getByRole('table', { name: 'Cash flow by month' });
  const netWorth = page.getByRole('table', { name: 'Net worth by month' });

  await test.step('the last 12 months: figures in every table', async () => {
    await expect(cashFlow.getByRole('row')).toHaveCount(13);
    // This month: $2,000 in, $120.50 + $79.50 out.
    await expect(cashFlow.getByRole('row', { name: new RegExp(label(current)) })).toContainText('$2,000.00$200.00$1,800.00');
    // Checking 3000 − 300 last month + 2000 − 120.50 now; the card owes 500 + 79.50.
    await expect(netWorth.getByRole('row', { name: new RegExp(label(current)) })).toContainText('$4,579.50$579.50$4,000.00');
    // Net worth starts with the first balance, last month: no year of copies of it before (issue 36).
    await expect(netWorth.getByRole('row')).toHaveCount(3);
    await expect(page.getByTestId('report-net-worth')).toContainText(`It starts in ${label(shift(current, -1))}, the month of your first account balance.`);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(netWorth.getByRole('row')).toHaveCount(3);
    await screens.element(page.getByTestId('report-net-worth'), 'net-worth-375');
    await page.setViewportSize({ width: 1280, height: 860 });
    const spending = page.getByRole('table', { name: 'Spending by category and month' });
    await expect(spending.getByRole('row', { name: new RegExp(label(current)) })).toContainText('$200.00');
    await expect(page.locator('.recharts-wrapper')).toHaveCount(3);
    await screens.shot(page, 'reports-last-12-months');
  });

  await test.step('spending grouped by purpose', async () => {
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Purpose' }).click();
    const byPurpose = page.getByRole('table', { name: 'Spending by purpose and month' });
    await expect(byPurpose.getByRole('columnheader', { name: 'Survival' })).toBeVisible();
    await expect(byPurpose.getByRole('row', { name: new RegExp(label(shift(current, -1))) })).toContainText('$300.00');
    await expect(byPurpose.getByRole('row', { name: new RegExp(label(current)) })).toContainText('$120.50$79.50$200.00');
    await screens.element(page.getByTestId('report-spending'), 'spending-by-purpose');
  });

  await test.step('a wider range: from January of last year', async () => {
    const from = shift(current, -11);
    await page.getByRole('button', { name: 'From' }).click();
    await page.getByRole('button', { name: 'Jan', exact: true }).click();
    const months = (current.year - from.year) * 12 + current.month;
    await expect(cashFlow.getByRole('row')).toHaveCount(months + 1);
    await expect(cashFlow.getByRole('row').nth(1)).toContainText(`Jan ${from.year}`);
    await expect(page.getByText(new RegExp(`January ${from.year} – `))).toBeVisible();
  });

  await test.step('the cash flow as a CSV file', async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-cash-flow').getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`mindspend-cash-flow-${current.year - 1}-01-to-${key(current)}.csv`);
    const path = test.info().outputPath('cash-flow.csv');
    await csv.saveAs(path);
    const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Month,Income,Expenses,Net');
    expect(lines).toContain(`${key(current)},2000.00,200.00,1800.00`);
    expect(lines).toContain(`${key(shift(current, -1))},0.00,300.00,-300.00`);
  });

  await test.step("the card's ledger: the limit less what it owes is available, as reports count the debt (issue 36)", async () => {
    await page.getByRole('link', { name: 'Ledger' }).first().click();
    const account = page.getByRole('combobox', { name: 'Account', exact: true });
    await account.click();
    await page.getByRole('option', { name: 'Visa Card' }).click();
    await expect(account).toHaveValue('Visa Card');
    // Owes $579.50 under a $4,000.00 limit: $3,420.50 is available, not the debt.
    await expect(page.getByTestId('figure-Available Balance')).toHaveText('$3,420.50');
    await expect(page.getByTestId('figure-Limit')).toHaveText('$4,000.00');
    await screens.element(page.getByTestId('account-summary'), 'card-summary-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('figure-Available Balance')).toHaveText('$3,420.50');
    await screens.shot(page, 'card-ledger-375');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  });

  await test.step('legible and accessible in both colour schemes', async () => {
    await expectNoSeriousViolations(page, 'reports light');
    await useSystemScheme(page, 'dark');
    await expectNoSeriousViolations(page, 'reports dark');
    await screens.shot(page, 'reports-dark');
    await screens.element(page.getByTestId('report-net-worth'), 'net-worth-dark');
    await useSystemScheme(page, 'light');
  });
});
