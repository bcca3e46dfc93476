/**
 * What the statement import tests share: the fixtures of packages/domain/src/imports/fixtures, a
 * person of their own whose book keeps a currency, and a month of the ledger read back as
 * [date, payee, signed amount] rows.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount } from './ledger-fixtures';
import { asUser, registerUser } from './test-app';

/** A statement fixture's bytes, as an upload sends them. */
export const statementFixture = (name: string): Buffer =>
  readFileSync(new URL(`../../../../packages/domain/src/imports/fixtures/${name}`, import.meta.url));

/** A ledger row as the month's list answers it, in the fields these tests read. */
export interface LedgerRow {
  date: string;
  entity: { name: string };
  amount: number;
  type: string;
  description?: string | null;
  notes: string | null;
}

/**
 * A new person (`email`) with an account in a book kept in `currency`: a file that states its
 * currency must go to an account in it (DECISIONS.md #91), and each case starts empty.
 */
export async function accountInCurrency(app: FastifyInstance, email: string, currency: string): Promise<{ token: string; accountId: number }> {
  const person = await registerUser(app, email);
  if (currency !== 'USD') {
    const patched = await asUser(app, person.token, { method: 'PATCH', url: `/api/books/${person.bookId}`, payload: { base_currency: currency } });
    expect(patched.statusCode).toBe(200);
  }
  return { token: person.token, accountId: await createAccount(app, person.token) };
}

/** A month's ledger rows of the account, in date order (then amount). */
export async function ledgerMonth(app: FastifyInstance, token: string, accountId: number, month: number, year: number): Promise<LedgerRow[]> {
  const response = await asUser(app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/${month}/year/${year}` });
  expect(response.statusCode).toBe(200);
  return response.json<LedgerRow[]>().sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
}

/** [date, payee, signed amount] of each row. */
export const signedRows = (rows: readonly LedgerRow[]) => rows.map((row) => [row.date, row.entity.name, row.type === 'expense' ? -row.amount : row.amount]);
