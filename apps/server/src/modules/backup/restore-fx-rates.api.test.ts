/**
 * What a backup carries of currencies (issue 27, DECISIONS.md #87): the book's base currency and
 * its members' own exchange rates travel with it; a file from before them restores as USD with no
 * rates; a wrong rate refuses the whole file; and a book with rates of its own is not empty.
 */
import { BACKUP_NOT_EMPTY, type Backup } from '@mindspend/api-contract';
import { RATE_NOT_POSITIVE } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`currencies in a backup on ${TEST_DB}`, () => {
  let t: TestApp;
  let source: { token: string; bookId: number };
  let backup: Backup;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-26T12:00:00Z');
    source = await registerUser(t.app, 'fx-backup-source@example.com');
    await asUser(t.app, source.token, { method: 'PATCH', url: `/api/books/${source.bookId}`, payload: { base_currency: 'USD' } });
    for (const [path, rate] of [
      ['JPY/2026-11-20', '0.0066'],
      ['ARS/2026-11-21', '0.00098'],
    ] as const) {
      expect((await asUser(t.app, source.token, { method: 'PUT', url: `/api/fx-rates/${path}`, payload: { rate } })).statusCode).toBe(200);
    }
    // Rates entered in another base stay with that base, in the book and in its backup.
    await asUser(t.app, source.token, { method: 'PATCH', url: `/api/books/${source.bookId}`, payload: { base_currency: 'EUR' } });
    await asUser(t.app, source.token, { method: 'PUT', url: '/api/fx-rates/GBP/2026-11-20', payload: { rate: '1.15' } });
    backup = (await asUser(t.app, source.token, { method: 'GET', url: '/api/export/backup.json' })).json<Backup>();
  });
  afterAll(() => t?.close());

  const restore = (token: string, payload: unknown) =>
    asUser(t.app, token, { method: 'POST', url: '/api/import-backup', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const baseOf = async (token: string) =>
    (await asUser(t.app, token, { method: 'GET', url: '/api/books' })).json<{ books: { personal: boolean; base_currency: string }[] }>().books.find((book) => book.personal)
      ?.base_currency;
  const rateOn = async (token: string, path: string) => (await asUser(t.app, token, { method: 'GET', url: `/api/fx-rates/${path}` })).json<{ rate?: string }>();

  it('carries the base currency and every own rate with the base it was entered in', () => {
    expect(backup.base_currency).toBe('EUR');
    expect(backup.fx_rates?.map((row) => `${row.date} ${row.currency} ${row.rate} ${row.base_currency}`)).toEqual([
      '2026-11-20 GBP 1.15 EUR',
      '2026-11-20 JPY 0.0066 USD',
      '2026-11-21 ARS 0.00098 USD',
    ]);
  });

  it('restores them: the same base, the same rates', async () => {
    const copy = await registerUser(t.app, 'fx-backup-copy@example.com');
    const restored = await restore(copy.token, backup);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ counts: { fx_rates: 3 } });
    expect(await baseOf(copy.token)).toBe('EUR');
    expect(await rateOn(copy.token, 'GBP/2026-11-24')).toMatchObject({ rate: '1.15' });
    await asUser(t.app, copy.token, { method: 'PATCH', url: `/api/books/${copy.bookId}`, payload: { base_currency: 'USD' } });
    expect(await rateOn(copy.token, 'ARS/2026-11-22')).toMatchObject({ rate: '0.00098' });
    // A book with rates of its own is not empty: a second restore is refused.
    expect((await restore(copy.token, backup)).json()).toMatchObject({ message: BACKUP_NOT_EMPTY });
  });

  it('restores a file from before currencies as USD, without rates', async () => {
    const old = await registerUser(t.app, 'fx-backup-old@example.com');
    await asUser(t.app, old.token, { method: 'PATCH', url: `/api/books/${old.bookId}`, payload: { base_currency: 'GBP' } });
    const { base_currency: _base, fx_rates: _rates, ...before } = backup;
    const restored = await restore(old.token, before);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ counts: { fx_rates: 0 } });
    expect(await baseOf(old.token)).toBe('USD');
  });

  it('refuses a file with a wrong rate, and writes nothing', async () => {
    const wrong = await registerUser(t.app, 'fx-backup-wrong@example.com');
    const rates = backup.fx_rates ?? [];
    for (const [fx_rates, problem] of [
      [[{ ...rates[0], rate: '0' }], RATE_NOT_POSITIVE],
      [[{ ...rates[0], currency: 'gbp' }], 'ISO 4217'],
      [[rates[0], rates[0]], 'once per currency and day'],
      [[{ ...rates[0], currency: 'EUR' }], 'base currency'],
    ] as const) {
      const response = await restore(wrong.token, { ...backup, fx_rates });
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain(problem);
    }
    expect(await baseOf(wrong.token)).toBe('USD');
    expect(await t.database.db.selectFrom('fx_manual_rates').select('book_id').where('book_id', '=', wrong.bookId).execute()).toEqual([]);
  });
});
