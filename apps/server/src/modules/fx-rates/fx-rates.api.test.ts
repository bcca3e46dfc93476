/**
 * Exchange rates of a book (issue 27, DECISIONS.md #87): the ECB's figures as cross rates in the
 * book's base currency, a member's own rate winning on its day, a day without a rate answered with
 * the latest earlier one (and which day that was), bad input refused with nothing written, and no
 * book seeing another's own rates.
 */
import {
  CURRENCY_UNKNOWN,
  RATE_DATE_IN_FUTURE,
  RATE_OF_BASE_CURRENCY,
  RATE_RANGE_BACKWARDS,
  RATE_RANGE_TOO_LONG,
  noRateMessage,
} from '@mindspend/api-contract';
import { RATE_NOT_A_NUMBER, RATE_NOT_POSITIVE, RATE_TOO_LARGE, RATE_TOO_PRECISE } from '@mindspend/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEcb, startFakeEcb } from '../../test/fake-ecb';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { fetchEcbRates } from './ecb-fetch';

/** Three ECB days around a weekend: nothing on the 21st and 22nd. */
const DAYS = [
  { date: '2026-11-20', rates: { USD: '1.05', JPY: '160.00', GBP: '0.87' } },
  { date: '2026-11-23', rates: { USD: '1.06', JPY: '161.00', GBP: '0.875' } },
  { date: '2026-11-24', rates: { USD: '1.0823', JPY: '162.35', GBP: '0.86905' } },
];

interface Person {
  token: string;
  userId: number;
  bookId: number;
}

describe(`exchange rates on ${TEST_DB}`, () => {
  let t: TestApp;
  let ecb: FakeEcb;
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    ecb = await startFakeEcb(DAYS);
    t = await createTestApp();
    t.clock.set('2026-11-26T12:00:00Z');
    await fetchEcbRates({ db: t.database.db, clock: t.clock }, `${ecb.url}/hist-90d.xml`);
    ana = await registerUser(t.app, 'rates-ana@example.com');
    ben = await registerUser(t.app, 'rates-ben@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await ecb?.close();
  });

  const call = (person: Person, options: InjectOptions, book?: number) =>
    asUser(t.app, person.token, { ...options, headers: { ...options.headers, ...(book !== undefined && { 'mindspend-book': String(book) }) } });
  const rateOn = (person: Person, path: string, book?: number) => call(person, { method: 'GET', url: `/api/fx-rates/${path}` }, book);
  const put = (person: Person, path: string, payload: unknown, book?: number) =>
    call(person, { method: 'PUT', url: `/api/fx-rates/${path}`, payload: payload as object }, book);
  const manualRows = async () => (await t.database.db.selectFrom('fx_manual_rates').selectAll().execute()).length;

  describe('the rate that holds on a day', () => {
    it('is the ECB’s cross rate in the book’s base currency, exact to ten significant digits', async () => {
      const response = await rateOn(ana, 'JPY/2026-11-24');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        currency: 'JPY',
        base_currency: 'USD',
        requested_date: '2026-11-24',
        date: '2026-11-24',
        rate: '0.006666461349', // 1.0823 / 162.35
        source: 'ecb',
      });
      expect((await rateOn(ana, 'EUR/2026-11-24')).json()).toMatchObject({ rate: '1.0823', source: 'ecb' });
      expect((await rateOn(ana, 'GBP/2026-11-24')).json()).toMatchObject({ rate: '1.245382889' });
    });

    it('on a day without a rate, is the latest earlier day’s, and says which day', async () => {
      const weekend = await rateOn(ana, 'JPY/2026-11-22');
      expect(weekend.json()).toEqual({
        currency: 'JPY',
        base_currency: 'USD',
        requested_date: '2026-11-22',
        date: '2026-11-20',
        rate: '0.0065625', // 1.05 / 160
        source: 'ecb',
      });
      expect((await rateOn(ana, 'JPY/2027-01-05')).json()).toMatchObject({ date: '2026-11-24', requested_date: '2027-01-05' });
    });

    it('is a 422 naming the day when no day on or before it has a rate', async () => {
      const before = await rateOn(ana, 'JPY/2026-11-19');
      expect(before.statusCode).toBe(422);
      expect(before.json()).toEqual({ message: noRateMessage('JPY', '2026-11-19'), errors: { date: [noRateMessage('JPY', '2026-11-19')] } });
      // The ECB does not quote the Argentine peso: without a rate of someone's own, there is none.
      expect((await rateOn(ana, 'ARS/2026-11-24')).statusCode).toBe(422);
    });

    it('is 1 for the base currency itself', async () => {
      expect((await rateOn(ana, 'USD/2026-11-24')).json()).toMatchObject({ rate: '1', date: '2026-11-24', source: 'base' });
    });
  });

  describe('a member’s own rate', () => {
    it('wins over the ECB’s on its day, keeps the ECB’s beside it, and holds for the days after', async () => {
      const saved = await put(ana, 'JPY/2026-11-24', { rate: '0.00670' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ currency: 'JPY', date: '2026-11-24', rate: '0.0067', source: 'manual', ecb_rate: '0.006666461349' });
      expect((await rateOn(ana, 'JPY/2026-11-24')).json()).toMatchObject({ rate: '0.0067', date: '2026-11-24', source: 'manual' });
      expect((await rateOn(ana, 'JPY/2026-11-25')).json()).toMatchObject({ rate: '0.0067', date: '2026-11-24', source: 'manual' });
      // An older day still has the ECB's.
      expect((await rateOn(ana, 'JPY/2026-11-23')).json()).toMatchObject({ rate: '0.006583850932', source: 'ecb' });
    });

    it('is replaced by a second one of the same day, given as text or as a JSON number', async () => {
      expect((await put(ana, 'JPY/2026-11-24', { rate: 0.0068 })).json()).toMatchObject({ rate: '0.0068' });
      expect((await rateOn(ana, 'JPY/2026-11-24')).json()).toMatchObject({ rate: '0.0068' });
    });

    it('is a currency the ECB does not quote, too, on a day the ECB has nothing', async () => {
      expect((await put(ana, 'ARS/2026-11-21', { rate: '0.00098' })).json()).toEqual({
        currency: 'ARS',
        date: '2026-11-21',
        rate: '0.00098',
        source: 'manual',
        ecb_rate: null,
      });
      expect((await rateOn(ana, 'ARS/2026-11-26')).json()).toMatchObject({ rate: '0.00098', date: '2026-11-21' });
    });

    it('is listed with each day’s rate and its source, newest first', async () => {
      const listed = await call(ana, { method: 'GET', url: '/api/fx-rates?currency=JPY&from=2026-11-19&to=2026-11-26' });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toEqual({
        base_currency: 'USD',
        from: '2026-11-19',
        to: '2026-11-26',
        rates: [
          { currency: 'JPY', date: '2026-11-24', rate: '0.0068', source: 'manual', ecb_rate: '0.006666461349' },
          { currency: 'JPY', date: '2026-11-23', rate: '0.006583850932', source: 'ecb', ecb_rate: '0.006583850932' },
          { currency: 'JPY', date: '2026-11-20', rate: '0.0065625', source: 'ecb', ecb_rate: '0.0065625' },
        ],
      });
      const oneDay = await call(ana, { method: 'GET', url: '/api/fx-rates?from=2026-11-24&to=2026-11-24' });
      expect(oneDay.json<{ rates: { currency: string; source: string }[] }>().rates.map((rate) => `${rate.currency} ${rate.source}`)).toEqual([
        'EUR ecb',
        'GBP ecb',
        'JPY manual',
      ]);
      // The last 30 days up to the person's today, unless told.
      expect((await call(ana, { method: 'GET', url: '/api/fx-rates' })).json()).toMatchObject({ from: '2026-10-27', to: '2026-11-26' });
    });

    it('is removed with DELETE, and the ECB’s holds again; removing none is a 404', async () => {
      expect((await call(ana, { method: 'DELETE', url: '/api/fx-rates/JPY/2026-11-24' })).statusCode).toBe(204);
      expect((await rateOn(ana, 'JPY/2026-11-24')).json()).toMatchObject({ rate: '0.006666461349', source: 'ecb' });
      expect((await call(ana, { method: 'DELETE', url: '/api/fx-rates/JPY/2026-11-24' })).statusCode).toBe(404);
    });
  });

  describe('bad input', () => {
    it.each([
      ['jpy/2026-11-24', { rate: '1' }, { currency: [CURRENCY_UNKNOWN] }],
      ['XYZ/2026-11-24', { rate: '1' }, { currency: [CURRENCY_UNKNOWN] }],
      ['JPY/2026-02-30', { rate: '1' }, { date: ['The date must be a real date written YYYY-MM-DD.'] }],
      ['JPY/24-11-2026', { rate: '1' }, { date: ['The date must be a real date written YYYY-MM-DD.'] }],
      ['JPY/2026-11-24', { rate: '0' }, { rate: [RATE_NOT_POSITIVE] }],
      ['JPY/2026-11-24', { rate: -0.5 }, { rate: [RATE_NOT_A_NUMBER] }],
      ['JPY/2026-11-24', { rate: '1000000.01' }, { rate: [RATE_TOO_LARGE] }],
      ['JPY/2026-11-24', { rate: 1e7 }, { rate: [RATE_TOO_LARGE] }],
      ['JPY/2026-11-24', { rate: '1e-3' }, { rate: [RATE_NOT_A_NUMBER] }],
      ['JPY/2026-11-24', { rate: '0,0067' }, { rate: [RATE_NOT_A_NUMBER] }],
      ['JPY/2026-11-24', { rate: '0.0000000000001' }, { rate: [RATE_TOO_PRECISE] }],
      ['JPY/2026-11-24', {}, { rate: ['The rate field is required.'] }],
      ['USD/2026-11-24', { rate: '1' }, { currency: [RATE_OF_BASE_CURRENCY] }],
      ['JPY/2026-11-27', { rate: '0.0067' }, { date: [RATE_DATE_IN_FUTURE] }],
    ])('PUT /fx-rates/%s %j answers 422 with a sentence, and writes nothing', async (path, payload, errors) => {
      const before = await manualRows();
      const response = await put(ana, path, payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: unknown }>().errors).toEqual(errors);
      expect(await manualRows()).toBe(before);
    });

    it('answers a list of a wrong span or code with 422', async () => {
      const list = (query: string) => call(ana, { method: 'GET', url: `/api/fx-rates?${query}` });
      expect((await list('from=2026-11-20&to=2026-11-01')).json()).toMatchObject({ errors: { from: [RATE_RANGE_BACKWARDS] } });
      expect((await list('from=2024-01-01&to=2026-11-01')).json()).toMatchObject({ errors: { to: [RATE_RANGE_TOO_LONG] } });
      expect((await list('currency=yen')).json()).toMatchObject({ errors: { currency: [CURRENCY_UNKNOWN] } });
      expect((await rateOn(ana, 'JPY/tomorrow')).statusCode).toBe(422);
    });
  });

  describe('books', () => {
    it('never show another book’s own rates', async () => {
      await put(ana, 'GBP/2026-11-24', { rate: '1.3' });
      expect((await rateOn(ben, 'GBP/2026-11-24')).json()).toMatchObject({ rate: '1.245382889', source: 'ecb' });
      const bens = await call(ben, { method: 'GET', url: '/api/fx-rates?currency=GBP&from=2026-11-24&to=2026-11-24' });
      expect(bens.json()).toMatchObject({ rates: [{ source: 'ecb', rate: '1.245382889' }] });
      // A book Ana is not in is not hers to read or write, whatever she names in the header.
      expect((await rateOn(ana, 'GBP/2026-11-24', ben.bookId)).statusCode).toBe(404);
      expect((await put(ana, 'GBP/2026-11-24', { rate: '9' }, ben.bookId)).statusCode).toBe(404);
      expect((await rateOn(ben, 'GBP/2026-11-24')).json()).toMatchObject({ source: 'ecb' });
    });

    it('quote in the book’s base currency, and a rate entered in another base stays with that base', async () => {
      const shared = (await call(ana, { method: 'POST', url: '/api/books', payload: { name: 'Europe' } })).json<{ id: number }>().id;
      await t.database.db
        .insertInto('book_members')
        .values({ book_id: shared, user_id: ben.userId, role: 'viewer', joined_at: '2026-11-26T12:00:00.000Z' })
        .execute();
      await put(ana, 'JPY/2026-11-24', { rate: '0.0069' }, shared);
      expect((await call(ana, { method: 'PATCH', url: `/api/books/${shared}`, payload: { base_currency: 'EUR' } })).statusCode).toBe(200);
      // 1 / 162.35: the ECB's figure itself, the manual USD rate no longer counting.
      expect((await rateOn(ben, 'JPY/2026-11-24', shared)).json()).toMatchObject({ base_currency: 'EUR', rate: '0.006159531876', source: 'ecb' });
      expect((await rateOn(ben, 'USD/2026-11-24', shared)).json()).toMatchObject({ rate: '0.9239582371' });
      // A viewer reads the rates but enters none.
      const refused = await put(ben, 'JPY/2026-11-24', { rate: '0.007' }, shared);
      expect(refused.statusCode).toBe(403);
      // Back to USD, the rate entered in USD holds again.
      await call(ana, { method: 'PATCH', url: `/api/books/${shared}`, payload: { base_currency: 'USD' } });
      expect((await rateOn(ben, 'JPY/2026-11-24', shared)).json()).toMatchObject({ rate: '0.0069', source: 'manual' });
    });
  });
});
