/**
 * Migration 0032 on a database with purpose targets and reflections from before it: each row
 * becomes its book's owner's, so the person who set them still reads them, and another member of
 * the book starts with none of their own (DECISIONS.md #78).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe(`migration 0032 on ${TEST_DB}: targets and reflections from before it`, () => {
  let t: TestApp;

  /**
   * A person with a personal book and a session, written as the schema before 0032 holds them:
   * today's sign-up writes columns of later migrations (api_tokens.last_address, 0035).
   */
  async function ownerBefore0032(at: string) {
    const db = t.database.db;
    await sql`INSERT INTO users (email, password_hash, plan, timezone, finished_budget_suggestions, created_at, updated_at)
      VALUES ('plans-owner@example.com', ${await hashPassword(STRONG_PASSWORD)}, 'free', 0, 0, ${at}, ${at})`.execute(db);
    const user = await db.selectFrom('users').select('id').where('email', '=', 'plans-owner@example.com').executeTakeFirstOrThrow();
    await sql`INSERT INTO books (name, personal_user_id, created_at, updated_at) VALUES ('Personal', ${user.id}, ${at}, ${at})`.execute(db);
    const { id: bookId } = await db.selectFrom('books').select('id').where('personal_user_id', '=', user.id).executeTakeFirstOrThrow();
    await sql`INSERT INTO book_members (book_id, user_id, role, joined_at) VALUES (${bookId}, ${user.id}, 'owner', ${at})`.execute(db);
    const token = 'plans-owner-session';
    await sql`INSERT INTO api_tokens (user_id, token_hash, created_at, last_used_at, device)
      VALUES (${user.id}, ${hashToken(token)}, ${at}, ${at}, 'Chrome on macOS')`.execute(db);
    return { token, bookId };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { migrateUpTo: '0031-known-devices' });
  });
  afterAll(() => t?.close());

  it('keeps the owner\'s targets and reflection theirs', async () => {
    const at = '2026-11-01T10:00:00.000Z';
    const owner = await ownerBefore0032(at);
    await sql`INSERT INTO purpose_targets (book_id, survival, optional, culture, unexpected, updated_at)
      VALUES (${owner.bookId}, 55, 25, 10, 10, ${at})`.execute(t.database.db);
    await sql`INSERT INTO month_reflections (book_id, year, month, went_well, change_next, updated_at)
      VALUES (${owner.bookId}, 2026, 10, 'Cooked at home', 'Walk more', ${at})`.execute(t.database.db);

    await migrateToLatest(t.database);

    const targets = await asUser(t.app, owner.token, { method: 'GET', url: '/api/purpose-targets' });
    expect(targets.json<{ targets: unknown }>().targets).toEqual({ survival: 55, optional: 25, culture: 10, unexpected: 10 });
    const reflection = await asUser(t.app, owner.token, { method: 'GET', url: '/api/reflections/month/10/year/2026' });
    expect(reflection.json()).toMatchObject({ went_well: 'Cooked at home', change_next: 'Walk more' });
  });
});
