/**
 * Migration 0031 on a database with sessions from before it: the devices of those sessions are
 * known from the start, so signing in again from one of them mails nothing, while a device never
 * seen does (DECISIONS.md #77).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { STRONG_PASSWORD, TEST_DB, type TestApp, createTestApp } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe(`migration 0031 on ${TEST_DB}: devices of sessions from before it`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { migrateUpTo: '0030-member-feelings' });
  });
  afterAll(() => t?.close());

  it('knows the devices signed in before the deploy and tells of a new one only', async () => {
    const db = t.database.db;
    const at = '2026-11-01T10:00:00.000Z';
    await sql`INSERT INTO users (email, password_hash, plan, timezone, finished_budget_suggestions, created_at, updated_at)
      VALUES ('known@example.com', ${await hashPassword(STRONG_PASSWORD)}, 'free', 0, 0, ${at}, ${at})`.execute(db);
    const user = await db.selectFrom('users').select('id').where('email', '=', 'known@example.com').executeTakeFirstOrThrow();
    await sql`INSERT INTO api_tokens (user_id, token_hash, created_at, last_used_at, device)
      VALUES (${user.id}, ${hashToken('before-token')}, ${at}, ${at}, 'Chrome on macOS')`.execute(db);

    await migrateToLatest(t.database);

    const signIn = (userAgent: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': userAgent }, payload: { email: 'known@example.com', password: STRONG_PASSWORD } });
    const notices = () => db.selectFrom('outbox').select('subject').where('to_address', '=', 'known@example.com').execute();
    expect((await signIn(MAC_CHROME)).statusCode).toBe(200);
    expect(await notices()).toEqual([]);
    expect((await signIn(WINDOWS_FIREFOX)).statusCode).toBe(200);
    expect(await notices()).toEqual([{ subject: 'A new sign-in to your Mindspend account' }]);
  });
});
