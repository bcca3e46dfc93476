/**
 * Issue 16, feelings further: a new user with last week's purchases gets 'Second look (N)' on the
 * ledger, steps through 'How does it feel now?' (saving, skipping, finishing), sees the shifts in
 * insights and turns the second look off in Settings.
 */
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { uniqueEmail } from './support/app';

const PASSWORD = 'Feelings2024a';

/** `YYYY-MM-DD` of `days` days before today, on this machine's (the browser's and server's) clock. */
function daysAgo(days: number): string {
  const then = new Date();
  then.setDate(then.getDate() - days);
  return `${then.getFullYear()}-${String(then.getMonth() + 1).padStart(2, '0')}-${String(then.getDate()).padStart(2, '0')}`;
}

interface Seeded {
  token: string;
  userId: number;
  accountId: number;
}

/** A new user (the budget wizard stopped) with a checking account, signed in through local storage. */
async function seedUser(page: Page, prefix: string): Promise<Seeded> {
  const now = new Date();
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email: uniqueEmail(prefix), password: PASSWORD, password_confirmation: PASSWORD, timezone: -now.getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const account = await page.request.post('/api/accounts', {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 3000, date: daysAgo(60) } },
  });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: number };
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { token, userId: user.id, accountId };
}

async function subcategoryId(page: Page, token: string, name: string): Promise<number> {
  const categories = (await (await page.request.get('/api/transactions/categories/expenses', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    subcategories: { id: number; name: string }[];
  }[];
  const found = categories.flatMap((category) => category.subcategories).find((sub) => sub.name === name);
  if (!found) throw new Error(`no sub-category ${name}`);
  return found.id;
}

async function addExpense(page: Page, seeded: Seeded, data: Record<string, unknown>): Promise<void> {
  const response = await page.request.post(`/api/accounts/${seeded.accountId}/transactions`, {
    headers: { Authorization: `Bearer ${seeded.token}` },
    data: { type: 'expense', ...data },
  });
  expect(response.status()).toBe(201);
}

async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

test('second look: step through last week’s purchases, see the shifts, turn it off', async ({ page }) => {
  const screens = new Screens('feelings-second-look');
  const seeded = await seedUser(page, 'second-look');
  const dining = await subcategoryId(page, seeded.token, 'Dining Out');
  const groceries = await subcategoryId(page, seeded.token, 'Groceries');
  const entity = async (name: string) => {
    const response = await page.request.post(`/api/accounts/${seeded.accountId}/entities`, { headers: { Authorization: `Bearer ${seeded.token}` }, data: { name } });
    return ((await response.json()) as { id: number }).id;
  };
  const bistro = await entity('Late Night Bistro');
  const market = await entity('Farmers Market');
  await addExpense(page, seeded, { amount: 86.4, date: daysAgo(12), entity_id: bistro, emotion_names: ['positive'], subcategories: [{ id: dining, amount: 86.4 }] });
  await addExpense(page, seeded, { amount: 31.75, date: daysAgo(9), entity_id: market, emotion_names: ['negative'], subcategories: [{ id: groceries, amount: 31.75 }] });
  await addExpense(page, seeded, { amount: 19.99, date: daysAgo(8), entity_id: bistro, subcategories: [{ id: dining, amount: 19.99 }] });
  // Three days old: not due yet with the default wait of 7 days.
  await addExpense(page, seeded, { amount: 12, date: daysAgo(3), entity_id: market, emotion_names: ['positive'] });

  await page.goto('/ledger');
  const button = page.getByTestId('second-look-button');
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName('Second look (3)');
  await screens.shot(page, 'ledger-second-look-button');

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Second look' });
  await expect(dialog.getByTestId('flow-counter')).toHaveText('1 of 3');
  await expect(dialog.getByTestId('flow-payee')).toHaveText('Late Night Bistro');
  await expect(dialog.getByTestId('second-look-first')).toHaveText('At the time: Felt good.');
  await expect(dialog.getByText('How does it feel now?')).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save & Next' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: 'Regretted it' }).click();
  await screens.shot(page, 'step-one-regretted-now');
  await save.click();

  await expect(dialog.getByTestId('flow-counter')).toHaveText('2 of 3');
  await expect(dialog.getByTestId('flow-payee')).toHaveText('Farmers Market');
  await expect(dialog.getByTestId('second-look-first')).toHaveText('At the time: Regretted it.');
  await dialog.getByRole('button', { name: 'Felt good' }).click();
  await dialog.getByRole('button', { name: 'Save & Next' }).click();

  await expect(dialog.getByTestId('flow-counter')).toHaveText('3 of 3');
  await expect(dialog.getByTestId('second-look-first')).toHaveText('No feeling was recorded at the time.');
  await screens.shot(page, 'step-three-no-first-feeling');
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('flow-done')).toBeVisible();
  await screens.shot(page, 'all-done');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The skipped purchase is still due.
  await expect(button).toHaveAccessibleName('Second look (1)');

  await nav(page, 'Insights');
  const byCategory = page.getByTestId('insight-shifts-category');
  await expect(byCategory.getByRole('table', { name: 'Second look by category' }).getByRole('row', { name: /Food/ })).toContainText('2');
  const byPayee = page.getByTestId('insight-shifts-payee');
  const bistroRow = byPayee.getByRole('table', { name: 'Second look by payee' }).getByRole('row', { name: /Late Night Bistro/ });
  await expect(bistroRow.getByRole('cell')).toHaveText(['Late Night Bistro', '1', '1', '0', '0', '100%']);
  await screens.element(byCategory, 'insights-shifts-by-category');
  await screens.element(byPayee, 'insights-shifts-by-payee');

  await page.goto('/settings');
  const setting = page.getByTestId('second-look-setting');
  await expect(setting.getByRole('combobox', { name: 'Ask again' })).toHaveValue('7 days after a purchase (default)');
  await setting.getByRole('combobox', { name: 'Ask again' }).click();
  await page.getByRole('option', { name: 'Off: never ask again' }).click();
  await expect(setting.getByText('Second look setting saved.')).toBeVisible();
  await screens.element(setting, 'settings-second-look-off');
  await page.goto('/ledger');
  await expect(page.getByTestId('transaction-row').first()).toBeVisible();
  await expect(page.getByTestId('second-look-button')).toHaveCount(0);
});
