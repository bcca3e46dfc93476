/**
 * A new user made through the API, so a test starts on the screen it is about: registered with
 * the free plan, the first-run budget wizard stopped (it would cover the screens), and the page
 * signed in the way "Remember me" stores a session.
 */
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './app';

export interface ApiUser {
  email: string;
  password: string;
  token: string;
  userId: number;
  headers: { Authorization: string };
}

/** Registers a user whose email starts with `prefix` (or is `email`), with the wizard stopped. */
export async function registerByApi(page: Page, options: { prefix?: string; email?: string; password: string }): Promise<ApiUser> {
  const email = options.email ?? uniqueEmail(options.prefix ?? 'user');
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email, password: options.password, password_confirmation: options.password, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  return { email, password: options.password, token, userId: user.id, headers };
}

/** Adds an account through the API and answers its id. */
export async function addAccountByApi(
  page: Page,
  user: ApiUser,
  account: { name: string; typeId: number; balance: number; date: string; limit?: number },
): Promise<number> {
  const created = await page.request.post('/api/accounts', {
    headers: user.headers,
    data: {
      name: account.name,
      account_type_id: account.typeId,
      most_recent_balance: { current_balance: account.balance, date: account.date, ...(account.limit !== undefined && { limit: account.limit }) },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The user as `GET /api/user` answers now (after the test's own changes), as the web app stores it. */
export async function storedUserOf(page: Page, user: ApiUser): Promise<string> {
  const { user: current } = (await (await page.request.get('/api/user', { headers: user.headers })).json()) as { user: unknown };
  return JSON.stringify(current);
}

/** Puts `user`'s session where the web app keeps it, on whatever page is open. */
export async function storeSession(page: Page, user: ApiUser): Promise<void> {
  const stored = await storedUserOf(page, user);
  await page.evaluate(
    ([token, storedUser]) => {
      localStorage.setItem('mindspend.token', token);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [user.token, stored] as const,
  );
}

/** Signs the page in as `user` without the sign-in screen. */
export async function signInByToken(page: Page, user: ApiUser): Promise<void> {
  await page.goto('/login');
  await storeSession(page, user);
}
