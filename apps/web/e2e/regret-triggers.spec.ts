/**
 * Issue 16, what triggers regret: a new user with a dozen tagged expenses reads on the insights
 * page that each trigger needs more feelings; with regretted Saturdays on the card added, the
 * weekday, payment method and amount tables show where regret comes from.
 */
import { expect, test, type Page } from '@playwright/test';
import { Screens } from './support/screens';
import { uniqueEmail } from './support/app';

const PASSWORD = 'Triggers2024a';

const isoDate = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** The `count` most recent dates before today falling on `weekday` (0 Sunday … 6 Saturday), on this machine's clock. */
function recentWeekdays(weekday: number, count: number): string[] {
  const dates: string[] = [];
  const day = new Date();
  day.setDate(day.getDate() - 1);
  while (dates.length < count) {
    if (day.getDay() === weekday) dates.push(isoDate(day));
    day.setDate(day.getDate() - 1);
  }
  return dates;
}

/** A new user (the budget wizard stopped) with a checking account, signed in through local storage. */
async function seedUser(page: Page): Promise<{ token: string; accountId: number }> {
  const register = await page.request.post('/api/register', {
    data: {
      plan: 'free',
      email: uniqueEmail('triggers'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: -new Date().getTimezoneOffset() / 60,
    },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const account = await page.request.post('/api/accounts', {
    headers,
    data: {
      name: 'Everyday Checking',
      account_type_id: 2,
      most_recent_balance: { current_balance: 3000, date: recentWeekdays(1, 12).at(-1) },
    },
  });
  expect(account.status()).toBe(201);
  const { id: accountId } = (await account.json()) as { id: number };
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as {
    user: unknown;
  };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { token, accountId };
}

test('what triggers regret: too few feelings said plainly, then a Saturday pattern shows', async ({
  page,
}) => {
  const screens = new Screens('regret-triggers');
  const { token, accountId } = await seedUser(page);
  const addExpense = async (data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { type: 'expense', ...data },
    });
    expect(response.status()).toBe(201);
  };
  // Tuesdays: small debit-card purchases that felt fine, two a week for six weeks.
  for (const date of recentWeekdays(2, 6)) {
    await addExpense({ date, amount: 5, payment_method: 'debit_card', emotion_names: ['positive'] });
    await addExpense({ date, amount: 7, payment_method: 'debit_card', emotion_names: ['neutral'] });
  }

  await test.step('twelve feelings are not enough to say anything', async () => {
    await page.goto('/insights');
    const section = page.getByTestId('insight-triggers');
    await expect(section.getByRole('heading', { name: 'What triggers regret' })).toBeVisible();
    for (const id of ['weekday', 'days_since_income', 'payment_method', 'amount_band']) {
      await expect(section.getByTestId(`trigger-${id}`)).toContainText(
        'Not enough feelings yet: 12 of the 20 needed.',
      );
    }
    await section.scrollIntoViewIfNeeded();
    await screens.element(section, 'triggers-not-enough');
  });

  await test.step('regretted Saturdays on the card show up by weekday, method and amount', async () => {
    for (const date of recentWeekdays(6, 8)) {
      await addExpense({ date, amount: 80, payment_method: 'credit_card', emotion_names: ['negative'] });
    }
    await page.reload();
    const section = page.getByTestId('insight-triggers');
    const weekday = section.getByRole('table', { name: 'Regret rate by weekday' });
    await expect(weekday.getByRole('row', { name: /Saturday/ })).toContainText('100% (8 of 8)');
    await expect(weekday.getByRole('row', { name: /Tuesday/ })).toContainText('0% (0 of 12)');
    const method = section.getByRole('table', { name: 'Regret rate by payment method' });
    await expect(method.getByRole('row', { name: /Credit Card/ })).toContainText('100%');
    const amount = section.getByRole('table', { name: 'Regret rate by amount' });
    await expect(amount.getByRole('row', { name: /\$50 to \$200/ })).toContainText('100%');
    await expect(amount.getByRole('row', { name: /Under \$10/ })).toContainText('0%');
    // No income recorded yet: every expense is in the 'before any income' band.
    await expect(section.getByTestId('trigger-days_since_income')).toContainText(
      'Before any income was recorded',
    );
    await section.scrollIntoViewIfNeeded();
    await screens.element(section, 'triggers-weekday-pattern');
    await screens.shot(page, 'insights-with-triggers');
  });
});
