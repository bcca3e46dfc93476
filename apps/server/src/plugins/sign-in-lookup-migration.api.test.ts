/**
 * The sign-in lookup runs as a prepared statement on PostgreSQL (db/direct-reads.ts). A migration
 * that adds a column to `users` while processes are serving must not break it: a statement that
 * selected `users.*` failed on every connection that had prepared it ("cached plan must not
 * change result type"), so every signed-in request of a running process answered 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../test/test-app';

describe(`the sign-in lookup across a migration on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps answering signed-in requests after a column is added to users', async () => {
    const { token } = await registerUser(t.app, 'lookup-migration@example.com');
    // Several requests, so every pooled connection that serves one has prepared the lookup.
    for (let round = 0; round < 6; round += 1) {
      expect((await asUser(t.app, token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    }
    await sql`alter table users add column added_by_a_later_migration text`.execute(t.database.db);
    for (let round = 0; round < 6; round += 1) {
      const answer = await asUser(t.app, token, { method: 'GET', url: '/api/user' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().user.email).toBe('lookup-migration@example.com');
    }
  });
});
