/**
 * A signed-in user with a month of data, made through the API so a test starts on the screen it
 * is about: a checking account, a payee and a payor, expenses with feelings and purposes in several
 * sub-categories this month and last, one expense with no category, a flexible budget and a bill,
 * a recurring income source and a savings goal.
 */
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './app';

const PASSWORD = 'Seeded2024a';

export interface Household {
  email: string;
  password: string;
  accountId: number;
  payeeId: number;
  budgetId: number;
  incomeSourceId: number;
  transactionId: number;
  year: number;
  month: number;
}

function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Registers, fills the account and signs the page in (the session stored as "Remember me" does). */
export async function seedHousehold(page: Page, prefix: string): Promise<Household> {
  const email = uniqueEmail(prefix);
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const today = Math.min(now.getDate(), 28);
  const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const request = page.request;
  const register = await request.post('/api/register', {
    data: {
      plan: 'free',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: -now.getTimezoneOffset() / 60,
    },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  // The first-run budget wizard would cover the budgets page.
  await post(`/users/${user.id}/budgetDefaults/stop`, {});
  const { user: refreshed } = (await (await request.get('/api/user', { headers })).json()) as {
    user: unknown;
  };

  const { id: accountId } = await post<{ id: number }>('/accounts', {
    name: 'Everyday Checking',
    account_type_id: 2,
    most_recent_balance: { current_balance: 3200, date: isoDay(last.year, last.month, 1) },
  });
  const { id: payeeId } = await post<{ id: number }>(`/accounts/${accountId}/entities`, {
    name: 'Corner Grocery',
    city: 'Portland',
    state: 'OR',
  });
  const { id: payorId } = await post<{ id: number }>(`/accounts/${accountId}/entities`, {
    name: 'Acme Payroll',
  });

  const categories = (await (
    await request.get('/api/transactions/categories/expenses', { headers })
  ).json()) as {
    subcategories: { id: number; name: string }[];
  }[];
  const subs = categories.flatMap((category) => category.subcategories);
  const sub = (index: number) => subs[index % subs.length]?.id ?? 0;

  const expenses: Array<[number, number, string, string, string, number]> = [
    // [sub-category index, amount, feeling, purpose, description, day]
    [0, 84.2, 'positive', 'survival', 'Weekly shop', 1],
    [1, 42.5, 'negative', 'optional', 'Takeaway', 2],
    [2, 120, 'neutral', 'survival', 'Electric bill', 3],
    [3, 18.75, 'mixed', 'culture', 'Cinema', today],
    [4, 65, 'negative', 'unexpected', 'Car repair', today],
  ];
  let transactionId = 0;
  for (const [index, amount, feeling, purpose, description, day] of expenses) {
    for (const when of [
      { year, month, day },
      { ...last, day },
    ]) {
      const created = await post<{ id: number }>(`/accounts/${accountId}/transactions`, {
        type: 'expense',
        amount,
        date: isoDay(when.year, when.month, when.day),
        entity_id: payeeId,
        description,
        purpose,
        emotion_names: [feeling],
        subcategories: [{ id: sub(index), amount }],
      });
      if (when.month === month && transactionId === 0) transactionId = created.id;
    }
  }
  await post(`/accounts/${accountId}/transactions`, {
    type: 'expense',
    amount: 9.99,
    date: isoDay(year, month, today),
    description: 'Unknown charge',
  });
  await post(`/accounts/${accountId}/transactions`, {
    type: 'income',
    amount: 2400,
    date: isoDay(year, month, 1),
    entity_id: payorId,
    description: 'Salary',
    emotion_names: ['positive'],
  });

  const { id: budgetId } = await post<{ id: number }>('/budgets', {
    transaction_subcategory_id: sub(0),
    display_name: 'Groceries',
    due_in_full: 0,
    amount: 400,
    repeat_start: isoDay(year, month, 1),
  });
  await post('/budgets', {
    transaction_subcategory_id: sub(2),
    display_name: 'Electricity',
    due_in_full: 1,
    amount: 120,
    repeat_start: isoDay(year, month, 1),
  });
  const { id: incomeSourceId } = await post<{ id: number }>('/income-sources', {
    account_id: accountId,
    entity_id: payorId,
    amount: 2400,
    start_date: isoDay(year, month, 1),
    recurrence: 'monthly',
  });
  await post('/goals', {
    name: 'Emergency fund',
    target_amount: 5000,
    target_date: isoDay(year + 1, month, 1),
    saved_amount: 1200,
    account_id: accountId,
  });

  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return {
    email,
    password: PASSWORD,
    accountId,
    payeeId,
    budgetId,
    incomeSourceId,
    transactionId,
    year,
    month,
  };
}
