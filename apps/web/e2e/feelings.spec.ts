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
  await addExpense(page, seeded, { amount: 19.99, date: daysAgo(8), entity_id: bistro, emotion_names: ['positive'], subcategories: [{ id: dining, amount: 19.99 }] });
  // Never felt: nothing to compare a later feeling with, so not asked about (DECISIONS.md #105).
  await addExpense(page, seeded, { amount: 44, date: daysAgo(10), entity_id: market });
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
  await expect(dialog.getByTestId('flow-payee')).toHaveText('Late Night Bistro');
  await expect(dialog.getByTestId('second-look-first')).toHaveText('At the time: Felt good.');
  await screens.shot(page, 'step-three');
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('flow-done')).toBeVisible();
  await screens.shot(page, 'all-done');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // The skipped purchase is still due.
  await expect(button).toHaveAccessibleName('Second look (1)');
  // The ledger row keeps the first feeling and shows the later one beside it.
  await expect(page.getByRole('img', { name: 'On a second look: Regretted it' })).toBeVisible();
  await screens.shot(page, 'ledger-after-second-look');

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

test('second look a page at a time: Show more after 50, the count stays with what was skipped', async ({ page }) => {
  const screens = new Screens('feelings-second-look-paging');
  const seeded = await seedUser(page, 'second-look-pages');
  // 53 felt purchases due (8 to 60 days old), and one too old to be asked about any more.
  for (let day = 8; day < 61; day += 1) await addExpense(page, seeded, { amount: day, date: daysAgo(day), emotion_names: ['positive'], description: `Purchase ${day}` });
  await addExpense(page, seeded, { amount: 1, date: daysAgo(200), emotion_names: ['positive'], description: 'Long ago' });

  await page.goto('/ledger');
  const button = page.getByTestId('second-look-button');
  await expect(button).toHaveAccessibleName('Second look (53)');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Second look' });
  await expect(dialog.getByTestId('flow-counter')).toHaveText('1 of 50');
  for (let step = 2; step <= 50; step += 1) {
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(dialog.getByTestId('flow-counter')).toHaveText(`${step} of 50`);
  }
  await dialog.getByRole('button', { name: 'Felt good' }).click();
  await dialog.getByRole('button', { name: 'Save & Finish' }).click();
  await expect(dialog.getByTestId('second-look-page-done')).toBeVisible();
  await screens.shot(page, 'page-done-show-more');

  await dialog.getByRole('button', { name: 'Show more' }).click();
  await expect(dialog.getByTestId('flow-counter')).toHaveText('1 of 3');
  // Oldest first: the next page goes on from the 50th oldest, none skipped or repeated.
  for (const step of [2, 3]) {
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(dialog.getByTestId('flow-counter')).toHaveText(`${step} of 3`);
  }
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('flow-done')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await screens.shot(page, 'all-done');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  // One answered, 52 skipped and still due.
  await expect(button).toHaveAccessibleName('Second look (52)');
});

test('purpose targets on the budgets page: an invitation, the suggested shares, the 100% rule, the bars; a month-end reflection', async ({ page }) => {
  const screens = new Screens('feelings-purposes-reflection');
  const seeded = await seedUser(page, 'kakeibo');
  const now = new Date();
  const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const lastMonth = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}`;
  await addExpense(page, seeded, { amount: 600, date: `${thisMonth}-01`, purpose: 'survival', description: 'Rent share' });
  await addExpense(page, seeded, { amount: 300, date: `${thisMonth}-02`, purpose: 'optional', description: 'Concert and dinner' });
  await addExpense(page, seeded, { amount: 100, date: `${thisMonth}-03`, description: 'Untagged' });
  await addExpense(page, seeded, { amount: 80, date: `${lastMonth}-10`, purpose: 'culture', description: 'Books' });

  await page.goto(`/budgets/month/${now.getMonth() + 1}/year/${now.getFullYear()}`);
  const card = page.getByTestId('purpose-targets');
  await expect(card.getByTestId('targets-invitation')).toBeVisible();
  // No targets are invented: the bars show spending alone.
  await expect(card.getByTestId('purpose-survival')).toContainText('$600.00 · 60%');
  await expect(card.getByTestId('purpose-survival')).not.toContainText('target');
  await expect(card.getByText('10% of this month’s spending has no purpose yet')).toBeVisible();
  await screens.shot(page, 'budgets-targets-invitation');

  await card.getByRole('button', { name: 'Set targets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purpose targets' });
  await expect(dialog.getByLabel('Survival')).toHaveValue('50%');
  await expect(dialog.getByTestId('targets-total')).toHaveText('Total: 100%');
  await dialog.getByLabel('Survival').fill('55');
  await expect(dialog.getByTestId('targets-total')).toHaveText('Total: 105% (must be 100%)');
  await expect(dialog.getByText('Your four targets add up to 105%. Change them so they add up to exactly 100%.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save targets' })).toBeDisabled();
  await screens.shot(page, 'targets-must-add-up');
  await dialog.getByLabel('Optional').fill('25');
  await expect(dialog.getByTestId('targets-total')).toHaveText('Total: 100%');
  await dialog.getByRole('button', { name: 'Save targets' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('targets-invitation')).toHaveCount(0);
  await expect(card.getByTestId('purpose-survival')).toContainText('$600.00 · 60% of 55% target');
  await expect(card.getByTestId('purpose-optional')).toContainText('$300.00 · 30% of 25% target');
  await expect(card.getByTestId('purpose-culture')).toContainText('$0.00 · 0% of 10% target');
  await screens.element(card, 'purpose-bars-with-targets');

  // Last month is over: its budgets page asks for the reflection, and keeps it.
  await page.goto(`/budgets/month/${last.getMonth() + 1}/year/${last.getFullYear()}`);
  const reflection = page.getByTestId('month-reflection');
  const lastName = last.toLocaleString('en-US', { month: 'long' });
  await expect(reflection.getByRole('heading', { name: `How did ${lastName} go?` })).toBeVisible();
  await expect(page.getByTestId('purpose-targets').getByTestId('purpose-culture')).toContainText('$80.00 · 100% of 10% target');
  await reflection.getByLabel('What went well?').fill('Read two books from the library for free.\nCooked at home.');
  await reflection.getByLabel('What will you change next month?').fill('Skip the concert tickets.');
  await screens.shot(page, 'reflection-prompt');
  await reflection.getByRole('button', { name: 'Save reflection' }).click();
  await expect(reflection.getByText('Skip the concert tickets.')).toBeVisible();
  await page.reload();
  await expect(reflection.getByText('Read two books from the library for free.')).toBeVisible();
  await screens.shot(page, 'reflection-beside-the-month');
});

test('a new purchase at a familiar payee is offered the usual feeling and purpose, saved only when used', async ({ page }) => {
  const screens = new Screens('feelings-suggestion');
  const seeded = await seedUser(page, 'suggestion');
  const headers = { Authorization: `Bearer ${seeded.token}` };
  const created = await page.request.post(`/api/accounts/${seeded.accountId}/entities`, { headers, data: { name: 'Corner Bar' } });
  const bar = ((await created.json()) as { id: number }).id;
  for (const [days, feeling] of [[20, 'negative'], [13, 'negative'], [6, 'positive'], [2, 'negative']] as const) {
    await addExpense(page, seeded, { amount: 24, date: daysAgo(days), entity_id: bar, emotion_names: [feeling], purpose: 'optional' });
  }

  await page.goto('/ledger');
  await page.getByRole('link', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Transaction' });
  await dialog.getByRole('radio', { name: 'Expense' }).check();
  await dialog.getByLabel('Amount', { exact: true }).fill('31');
  await expect(dialog.getByTestId('feeling-suggestion')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Where did you spend the money?' }).click();
  await page.getByRole('option', { name: 'Corner Bar' }).first().click();
  const offer = dialog.getByTestId('feeling-suggestion');
  await expect(offer).toContainText('Regretted it · Optional');
  await expect(offer).toContainText('Suggested from 4 past purchases at this payee');
  // Offered, not chosen: the form's own fields stay empty until the person uses it.
  await expect(dialog.getByRole('button', { name: 'Regretted it' })).toHaveAttribute('aria-pressed', 'false');
  await screens.shot(page, 'suggestion-offered');
  await offer.getByRole('button', { name: 'Use suggestion' }).click();
  await expect(dialog.getByRole('button', { name: 'Regretted it' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('textbox', { name: 'What was the purpose?' }).or(dialog.getByRole('combobox', { name: 'What was the purpose?' }))).toHaveValue('Optional');
  await expect(offer).toBeHidden();
  await screens.shot(page, 'suggestion-used');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const today = new Date();
  const month = (await (
    await page.request.get(`/api/accounts/${seeded.accountId}/transactions/month/${today.getMonth() + 1}/year/${today.getFullYear()}`, { headers })
  ).json()) as Array<{ amount: number; emotion_names: string[]; purpose: string | null }>;
  expect(month.find((row) => row.amount === 31)).toMatchObject({ emotion_names: ['negative'], purpose: 'optional' });
});
