/**
 * Migration 0012 on a database with sign-in tokens from before it: they count as used at deploy
 * time, so they do not all expire at once after the deploy (DECISIONS.md #27); the maximum age
 * still counts from when each was created.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { TEST_DB, type TestApp, asUser, createTestApp } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

const DAY_MS = 86_400_000;

describe(`migration 0012 on ${TEST_DB}: sessions from before it`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_DAYS: '30', SESSION_MAX_DAYS: '365' }, { migrateUpTo: '0011-one-of-a-kind' });
  });
  afterAll(() => t?.close());

  it('keeps a token unused for months working after the deploy, and ends one older than the maximum', async () => {
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const db = t.database.db;
    await sql`INSERT INTO users (email, password_hash, plan, timezone, finished_budget_suggestions, created_at, updated_at)
      VALUES ('before@example.com', 'x', 'free', 0, 0, ${ago(500)}, ${ago(500)})`.execute(db);
    const user = await db.selectFrom('users').select('id').where('email', '=', 'before@example.com').executeTakeFirstOrThrow();
    await sql`INSERT INTO api_tokens (user_id, token_hash, created_at) VALUES
      (${user.id}, ${hashToken('months-old-token')}, ${ago(200)}),
      (${user.id}, ${hashToken('too-old-token')}, ${ago(400)})`.execute(db);

    await migrateToLatest(t.database);
    t.clock.set(new Date(now).toISOString());

    expect((await asUser(t.app, 'months-old-token', { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const sessions = await asUser(t.app, 'months-old-token', { method: 'GET', url: '/api/user/sessions' });
    expect(sessions.json()).toEqual([expect.objectContaining({ device: 'Unknown device', created_at: ago(200), current: true })]);
    expect((await asUser(t.app, 'too-old-token', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    // Unused for the idle days from the deploy on, it expires like any other.
    t.clock.set(new Date(now + 31 * DAY_MS).toISOString());
    expect((await asUser(t.app, 'months-old-token', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});
