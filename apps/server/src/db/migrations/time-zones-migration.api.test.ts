/**
 * Migration 0037 on people from before it: each offset becomes the zone that keeps it, so nobody's
 * "today" moves under them (DECISIONS.md #85). −8 becomes `Etc/GMT+8`, whose sign is reversed.
 */
import { isoDate, localDate } from '@mindspend/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { STRONG_PASSWORD, TEST_DB, type TestApp, asUser, createTestApp } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe(`migration 0037 on ${TEST_DB}: offsets from before it`, () => {
  let t: TestApp;

  /** A person with a personal book and a session, as the schema before 0037 holds them. */
  async function personBefore0037(name: string, offset: number) {
    const db = t.database.db;
    const at = '2026-06-01T10:00:00.000Z';
    const email = `${name}@example.com`;
    await sql`INSERT INTO users (email, password_hash, plan, timezone, finished_budget_suggestions, created_at, updated_at)
      VALUES (${email}, ${await hashPassword(STRONG_PASSWORD)}, 'free', ${offset}, 0, ${at}, ${at})`.execute(
      db,
    );
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO books (name, personal_user_id, created_at, updated_at) VALUES ('Personal', ${user.id}, ${at}, ${at})`.execute(
      db,
    );
    const { id: bookId } = await db
      .selectFrom('books')
      .select('id')
      .where('personal_user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO book_members (book_id, user_id, role, joined_at) VALUES (${bookId}, ${user.id}, 'owner', ${at})`.execute(
      db,
    );
    const token = `${name}-session`;
    await sql`INSERT INTO api_tokens (user_id, token_hash, created_at, last_used_at, device)
      VALUES (${user.id}, ${hashToken(token)}, ${at}, ${at}, 'Chrome on macOS')`.execute(db);
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp({}, { migrateUpTo: '0036-private-accounts' });
  });
  afterAll(() => t?.close());

  it('gives an offset of −8 a zone with the same local date, and the others theirs', async () => {
    const pacific = await personBefore0037('pacific', -8);
    const india = await personBefore0037('india', 5.5);
    const london = await personBefore0037('london', 0);
    const tokyo = await personBefore0037('tokyo', 9);

    await migrateToLatest(t.database);

    const zones = await t.database.db
      .selectFrom('users')
      .select(['email', 'time_zone', 'timezone'])
      .orderBy('email')
      .execute();
    expect(zones).toEqual([
      { email: 'india@example.com', time_zone: 'Asia/Kolkata', timezone: 5.5 },
      { email: 'london@example.com', time_zone: 'UTC', timezone: 0 },
      { email: 'pacific@example.com', time_zone: 'Etc/GMT+8', timezone: -8 },
      { email: 'tokyo@example.com', time_zone: 'Etc/GMT-9', timezone: 9 },
    ]);
    // Through a summer and a winter, and across the midnights either side of the offset: the
    // date the API answers is the one the offset gave.
    const instants = [
      '2026-07-04T07:30:00Z',
      '2026-07-04T08:30:00Z',
      '2026-11-01T07:30:00Z',
      '2026-12-31T23:30:00Z',
      '2027-01-01T08:00:00Z',
    ];
    for (const instant of instants) {
      t.clock.set(instant);
      const month = await asUser(t.app, pacific, { method: 'GET', url: '/api/month' });
      expect(month.json<{ date: string }>().date, instant).toBe(isoDate(localDate(new Date(instant), -8)));
    }
    t.clock.set('2026-12-31T23:30:00Z');
    expect(
      (await asUser(t.app, tokyo, { method: 'GET', url: '/api/month' })).json<{ date: string }>().date,
    ).toBe('2027-01-01');
    expect(
      (await asUser(t.app, london, { method: 'GET', url: '/api/month' })).json<{ date: string }>().date,
    ).toBe('2026-12-31');
    expect(
      (await asUser(t.app, india, { method: 'GET', url: '/api/user' })).json<{ user: unknown }>().user,
    ).toMatchObject({
      time_zone: 'Asia/Kolkata',
      timezone: 5.5,
    });
  });
});
