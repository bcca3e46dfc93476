/**
 * Migration 0038 on books from before it (DECISIONS.md #87): every existing book's base currency is
 * USD, the currency all of its amounts were written in, and the rate tables start empty.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

describe(`migration 0038 on ${TEST_DB}: books from before it`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { migrateUpTo: '0037-time-zones' });
  });
  afterAll(() => t?.close());

  it('makes every existing book USD', async () => {
    const at = '2026-06-01T10:00:00.000Z';
    await sql`INSERT INTO books (name, personal_user_id, created_at, updated_at) VALUES ('Shared before', NULL, ${at}, ${at})`.execute(t.database.db);

    await migrateToLatest(t.database);

    const books = await t.database.db.selectFrom('books').select(['name', 'base_currency']).execute();
    expect(books).toEqual([{ name: 'Shared before', base_currency: 'USD' }]);
    expect(await t.database.db.selectFrom('fx_ecb_rates').selectAll().execute()).toEqual([]);
    // A book made after it starts in USD too, and says so.
    const person = await registerUser(t.app, 'after-0038@example.com');
    const answer = await asUser(t.app, person.token, { method: 'GET', url: '/api/books' });
    expect(answer.json()).toMatchObject({ books: [{ personal: true, base_currency: 'USD' }] });
  });
});
