/**
 * Issue 16, the regret radar (DECISIONS.md #57): a person who regretted 3 of their last 3 purchases
 * at Corner Bar types a new one there; the save tells them at once, the ledger row and the
 * transaction's details carry the warning, and a notification is kept for them, shown by the bell
 * in the navigation bar until they open the list.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { uniqueEmail } from './support/app';
import { Screens } from './support/screens';

const PASSWORD = 'RadarCheck2024a';
const SENTENCE = 'You regretted all of your last 3 purchases at Corner Bar.';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** `days` days before today on this machine's clock. */
function daysAgo(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return isoDate(day);
}

/** A new user (the budget wizard stopped) with a checking account and a payee, signed in through local storage. */
async function seedUser(page: Page): Promise<{ token: string; accountId: number; barId: number }> {
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email: uniqueEmail('radar'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const account = await page.request.post('/api/accounts', {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 900, date: daysAgo(40) } },
  });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: number };
  const bar = await page.request.post(`/api/accounts/${accountId}/entities`, { headers, data: { name: 'Corner Bar' } });
  expect(bar.status()).toBe(201);
  const { id: barId } = (await bar.json()) as { id: number };
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { token, accountId, barId };
}

test('the regret radar warns as a regretted place comes up again', async ({ page }) => {
  const screens = new Screens('regret-radar');
  const { token, accountId, barId } = await seedUser(page);
  // Three late nights at the bar, each regretted the next morning.
  for (const [days, amount] of [[9, 48], [6, 35], [3, 62]] as const) {
    const response = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { type: 'expense', amount, date: daysAgo(days), entity_id: barId, emotion_names: ['negative'] },
    });
    expect(response.status()).toBe(201);
  }

  await test.step('typing a new purchase at the bar says so as it is saved', async () => {
    await page.goto('/ledger');
    await page.getByRole('link', { name: 'Add Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Transaction' });
    await dialog.getByRole('radio', { name: 'Expense' }).check();
    await dialog.getByLabel('Amount', { exact: true }).fill('41.50');
    await dialog.getByRole('combobox', { name: 'Where did you spend the money?' }).click();
    await page.getByRole('option', { name: 'Corner Bar' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByTestId('regret-radar-toast');
    await expect(toast).toContainText(SENTENCE);
    await screens.shot(page, 'saved-with-regret-radar');
  });

  await test.step('the ledger row carries the warning, read out in full', async () => {
    const row = page.getByTestId('transaction-row').filter({ hasText: '$41.50' });
    const note = row.getByTestId('regret-warning');
    await expect(note).toContainText('3 of 3 regretted');
    await expect(note).toHaveAttribute('title', SENTENCE);
    await expect(row).toContainText(`Regret radar: ${SENTENCE}`);
    // The seeded purchases weigh only what came before each: the second and third had too few.
    await expect(page.getByTestId('regret-warning')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'ledger with a regret warning');
    await screens.shot(page, 'ledger-row-warning');
  });

  await test.step("the transaction's details say it too", async () => {
    await page.getByTestId('transaction-row').filter({ hasText: '$41.50' }).click();
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    const alert = details.getByTestId('details-regret-warning');
    await expect(alert).toContainText('Regret radar');
    await expect(alert).toContainText(SENTENCE);
    await expect(alert).toContainText('Counted over the purchases you gave a feeling in the 6 months before this one.');
    await expectNoSeriousViolations(page, 'transaction details with a regret warning');
    await screens.shot(page, 'details-warning');
  });

  await test.step('one notification is kept, however many purchases follow today', async () => {
    const another = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { type: 'expense', amount: 12, date: daysAgo(0), entity_id: barId },
    });
    expect(another.status()).toBe(201);
    const answer = await page.request.get('/api/notifications', { headers: { Authorization: `Bearer ${token}` } });
    const { notifications } = (await answer.json()) as { notifications: Array<{ title: string; message: string }> };
    const radar = notifications.filter((notice) => notice.title === 'Regret radar');
    expect(radar).toHaveLength(1);
    expect(radar[0]?.message).toContain(SENTENCE);
    expect(radar[0]?.message).toContain('You just recorded $41.50 there');
  });

  await test.step('the bell counts the unread notices, lists them, and counts none once seen', async () => {
    await page.keyboard.press('Escape');
    // Closing the details goes back to the ledger's address; a reload before that reopened them.
    await expect(page.getByRole('dialog', { name: 'Transaction Details' })).toBeHidden();
    await expect(page).not.toHaveURL(/view-transaction/);
    await page.reload();
    const bell = page.getByTestId('notifications-bell');
    // The welcome and the regret radar notice.
    await expect(bell).toHaveAccessibleName('Notifications: 2 unread');
    await bell.click();
    const list = page.getByTestId('notifications-list');
    await expect(list.getByRole('listitem').first()).toContainText('Regret radar');
    await expect(list.getByRole('listitem').first()).toContainText(SENTENCE);
    await expect(list.getByRole('listitem').last()).toContainText('Welcome to Mindspend');
    // Marked read on the server at once, both stay marked new while the list is open.
    await expect(list.locator('[data-unread="true"]')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'notifications list');
    await screens.shot(page, 'notifications-list');
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('notifications-bell')).toHaveAccessibleName('Notifications');
    const answer = await page.request.get('/api/notifications', { headers: { Authorization: `Bearer ${token}` } });
    const { notifications } = (await answer.json()) as { notifications: Array<{ read_at: string | null }> };
    expect(notifications.every((notice) => notice.read_at !== null)).toBe(true);
  });
});
