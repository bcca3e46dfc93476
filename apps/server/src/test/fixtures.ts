/** Shared inputs and look-ups for the API tests: test cards, paid-plan payloads, the outbox. */
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app';
import { STRONG_PASSWORD } from './test-app';

/** A card the local provider accepts, and one it declines (as processors' test cards do). */
export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/** An expiry some years ahead of the real date (the contract checks expiry against the real date). */
export function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
}

/** A complete paid-plan registration with a good card; override any field. */
export function paidRegistration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    plan: 'budget_master',
    promo: false,
    email,
    password: STRONG_PASSWORD,
    password_confirmation: STRONG_PASSWORD,
    timezone: 0,
    first_name: 'Ada',
    last_name: 'Lovelace',
    card_number: GOOD_CARD,
    card_csc: '123',
    card_expiration: futureExpiry(),
    postal: '10001',
    ...overrides,
  };
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** POST /api/register with any payload. */
export function register(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/register', payload: payload as Record<string, unknown> });
}

/** The newest password-reset link mailed to `email`, split into its token and encoded e-mail. */
export async function latestResetLink(t: TestApp, email: string): Promise<{ token: string; encodedEmail: string }> {
  const row = await t.database.db
    .selectFrom('outbox')
    .select(['body_text'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(row.body_text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in: ${row.body_text}`);
  return { token: match[1], encodedEmail: match[2] };
}

/** Asks for a reset link and returns its token. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  if (response.statusCode !== 200) throw new Error(`forgot-password failed: ${response.body}`);
  return (await latestResetLink(t, email)).token;
}

/** POST /api/login; returns the response. */
export function login(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}
