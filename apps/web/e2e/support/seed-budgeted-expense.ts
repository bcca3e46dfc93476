/**
 * A checking account with a flexible budget on the first expense sub-category and one expense in
 * it this month, made through the API for a user from `registerByApi`.
 */
import { expect, type Page } from '@playwright/test';
import { addAccountByApi, type ApiUser } from './api-user';

export interface BudgetedExpense {
  accountId: number;
  budgetId: number;
  transactionId: number;
  /** The sub-category's name, which is also the budget's. */
  subcategory: string;
}

export async function seedBudgetedExpense(
  page: Page,
  user: ApiUser,
  names: { account: string; description: string },
): Promise<BudgetedExpense> {
  const now = new Date();
  const year = now.getFullYear();
  const iso = (day: number) => `${year}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const { headers } = user;
  const accountId = await addAccountByApi(page, user, { name: names.account, typeId: 2, balance: 3000, date: `${year}-01-01` });
  const categories = (await (await page.request.get('/api/transactions/categories/expenses', { headers })).json()) as {
    subcategories: { id: number; name: string }[];
  }[];
  const sub = categories.flatMap((category) => category.subcategories)[0];
  if (!sub) throw new Error('no expense sub-category');
  const budget = await page.request.post('/api/budgets', {
    headers,
    data: { transaction_subcategory_id: sub.id, display_name: sub.name, due_in_full: 0, amount: 500, repeat_start: iso(1) },
  });
  expect(budget.status()).toBe(201);
  const { id: budgetId } = (await budget.json()) as { id: number };
  const created = await page.request.post(`/api/accounts/${accountId}/transactions`, {
    headers,
    data: {
      type: 'expense',
      amount: 42.5,
      date: iso(Math.min(now.getDate(), 28)),
      description: names.description,
      subcategories: [{ id: sub.id, amount: 42.5 }],
    },
  });
  expect(created.status()).toBe(201);
  const { id: transactionId } = (await created.json()) as { id: number };
  return { accountId, budgetId, transactionId, subcategory: sub.name };
}
