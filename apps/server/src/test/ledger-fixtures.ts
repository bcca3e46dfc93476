/** Ledger set-up for API tests: an account, a payee, sub-category ids by name. */
import type { FastifyInstance } from 'fastify';
import { asUser } from './test-app';

export const CHECKING = 2;
export const CREDIT_CARD = 3;

export async function createAccount(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const response = await asUser(app, token, {
    method: 'POST',
    url: '/api/accounts',
    payload: {
      name: 'Everyday Checking',
      account_type_id: CHECKING,
      most_recent_balance: { current_balance: 2500, date: '2026-11-01' },
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`account: ${response.body}`);
  return response.json<{ id: number }>().id;
}

export async function createEntity(app: FastifyInstance, token: string, accountId: number, name = 'Fred Meyer #441') {
  const response = await asUser(app, token, { method: 'POST', url: `/api/accounts/${accountId}/entities`, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`entity: ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** Sub-category ids by name, from the default tree. */
export async function subcategoryIds(app: FastifyInstance, token: string): Promise<Record<string, number>> {
  const response = await asUser(app, token, { method: 'GET', url: '/api/transactions/categories' });
  const ids: Record<string, number> = {};
  for (const category of response.json<Array<{ subcategories: Array<{ id: number; name: string }> }>>()) {
    for (const subcategory of category.subcategories) ids[subcategory.name] = subcategory.id;
  }
  return ids;
}

export async function createTransaction(
  app: FastifyInstance,
  token: string,
  accountId: number,
  payload: Record<string, unknown>,
) {
  const response = await asUser(app, token, {
    method: 'POST',
    url: `/api/accounts/${accountId}/transactions`,
    payload: { type: 'expense', amount: 10, date: '2026-11-10', ...payload },
  });
  if (response.statusCode !== 201) throw new Error(`transaction: ${response.body}`);
  return response.json<{ id: number }>().id;
}
