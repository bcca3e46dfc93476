/**
 * Issue 36: with a process stalled while it held the person's row (paused mid-write), a profile
 * change waited on PostgreSQL with no answer for as long as the lock stayed; every other write
 * answers 503 with Retry-After after its 10 s wait (db/locked-writes.ts), and so does this one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe.skipIf(TEST_DB !== 'postgres')('a profile change while the user row is held, on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After after the usual wait, and saves once the row is free', { timeout: 40_000 }, async () => {
    const { token, userId } = await registerUser(t.app, 'held-row@example.com');
    const change = () => asUser(t.app, token, { method: 'PATCH', url: `/api/users/${userId}`, payload: { first_name: 'Robin' } });
    await t.database.db.transaction().execute(async (stalled) => {
      await sql`select id from users where id = ${userId} for update`.execute(stalled);
      const started = Date.now();
      const answer = await change();
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(20_000);
    });
    const retried = await change();
    expect(retried.statusCode).toBe(200);
    expect(retried.json().user.first_name).toBe('Robin');
  });
});
