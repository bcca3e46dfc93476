import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`purpose targets and month reflections API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-29T12:00:00Z');
    ({ token } = await registerUser(t.app, 'kakeibo@example.com'));
    ({ token: other } = await registerUser(t.app, 'kakeibo-other@example.com'));
    const checking = await createAccount(t.app, token);
    const add = (payload: Record<string, unknown>) => createTransaction(t.app, token, checking, payload);
    await add({ date: '2026-11-01', amount: 500, purpose: 'survival' });
    await add({ date: '2026-11-30', amount: 250, purpose: 'optional' });
    await add({ date: '2026-11-15', amount: 150, purpose: 'culture' });
    await add({ date: '2026-11-16', amount: 100 });
    await add({ date: '2026-11-17', amount: 9999, type: 'income', purpose: 'survival' });
    await add({ date: '2026-10-31', amount: 777, purpose: 'survival' });
    const theirs = await createAccount(t.app, other);
    await createTransaction(t.app, other, theirs, {
      date: '2026-11-02',
      amount: 1234,
      purpose: 'unexpected',
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, who = token) =>
    asUser(t.app, who, {
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('has no targets until the person saves some, and offers suggested ones meanwhile', async () => {
    const response = await call('GET', '/purpose-targets');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      targets: null,
      suggested: { survival: 50, optional: 30, culture: 10, unexpected: 10 },
    });
    const month = (await call('GET', '/purposes/month/11/year/2026')).json<
      Array<{ target_percent: number | null }>
    >();
    expect(month.map((line) => line.target_percent)).toEqual([null, null, null, null]);
  });

  it("answers each purpose's spending in dollars as a share of all the month's expenses", async () => {
    const month = await call('GET', '/purposes/month/11/year/2026');
    expect(month.statusCode).toBe(200);
    // 1,000 spent in November: 100 of it without a purpose; income and October do not count.
    expect(month.json()).toEqual([
      { purpose: 'survival', target_percent: null, spent: 500, percent: 50 },
      { purpose: 'optional', target_percent: null, spent: 250, percent: 25 },
      { purpose: 'culture', target_percent: null, spent: 150, percent: 15 },
      { purpose: 'unexpected', target_percent: null, spent: 0, percent: 0 },
    ]);
    const empty = (await call('GET', '/purposes/month/1/year/2020')).json<
      Array<{ spent: number; percent: number }>
    >();
    expect(empty.every((line) => line.spent === 0 && line.percent === 0)).toBe(true);
  });

  it('saves targets that add up to 100 and shows them beside the spending', async () => {
    const saved = await call('PUT', '/purpose-targets', {
      survival: 55,
      optional: 25,
      culture: 15,
      unexpected: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      targets: { survival: 55, optional: 25, culture: 15, unexpected: 5 },
    });
    const changed = await call('PUT', '/purpose-targets', {
      survival: 60,
      optional: 20,
      culture: 15,
      unexpected: 5,
    });
    expect(changed.json()).toMatchObject({ targets: { survival: 60, optional: 20 } });
    expect((await call('GET', '/purpose-targets')).json()).toMatchObject({
      targets: { survival: 60, optional: 20, culture: 15, unexpected: 5 },
    });
    const month = (await call('GET', '/purposes/month/11/year/2026')).json<
      Array<{ purpose: string; target_percent: number }>
    >();
    expect(month.map((line) => line.target_percent)).toEqual([60, 20, 15, 5]);
    // Another person's targets are their own.
    expect((await call('GET', '/purpose-targets', undefined, other)).json()).toMatchObject({ targets: null });
    expect((await call('GET', '/purposes/month/11/year/2026', undefined, other)).json()).toContainEqual({
      purpose: 'unexpected',
      target_percent: null,
      spent: 1234,
      percent: 100,
    });
  });

  it('refuses targets that do not add up to 100, or are not whole percents, and keeps the saved ones', async () => {
    const off = await call('PUT', '/purpose-targets', {
      survival: 50,
      optional: 30,
      culture: 10,
      unexpected: 5,
    });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({
      message: 'Your four targets add up to 95%. Change them so they add up to exactly 100%.',
    });
    for (const body of [
      { survival: 50.5, optional: 29.5, culture: 10, unexpected: 10 },
      { survival: -10, optional: 90, culture: 10, unexpected: 10 },
      { survival: '50', optional: 30, culture: 10, unexpected: 10 },
      { survival: 100, optional: 0, culture: 0 },
    ]) {
      const refused = await call('PUT', '/purpose-targets', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toMatch(/whole percent|add up/);
    }
    expect((await call('PUT', '/purpose-targets', [1, 2, 3, 4])).statusCode).toBe(422);
    expect((await call('GET', '/purpose-targets')).json()).toMatchObject({
      targets: { survival: 60, optional: 20, culture: 15, unexpected: 5 },
    });
  });

  it('answers an empty reflection for a month without one, then saves and rewrites it per month', async () => {
    expect((await call('GET', '/reflections/month/11/year/2026')).json()).toEqual({
      year: 2026,
      month: 11,
      went_well: '',
      change_next: '',
      updated_at: null,
    });
    const saved = await call('PUT', '/reflections/month/11/year/2026', {
      went_well: '  Cooked at home most nights.\nNo takeaway. ',
      change_next: 'Fewer books.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      year: 2026,
      month: 11,
      went_well: 'Cooked at home most nights.\nNo takeaway.',
      change_next: 'Fewer books.',
      updated_at: '2026-11-29T12:00:00.000Z',
    });
    await call('PUT', '/reflections/month/11/year/2026', { went_well: 'Cooked at home.', change_next: '' });
    expect((await call('GET', '/reflections/month/11/year/2026')).json()).toMatchObject({
      went_well: 'Cooked at home.',
      change_next: '',
    });
    expect((await call('GET', '/reflections/month/10/year/2026')).json()).toMatchObject({
      went_well: '',
      updated_at: null,
    });
    expect((await call('GET', '/reflections/month/11/year/2026', undefined, other)).json()).toMatchObject({
      went_well: '',
      updated_at: null,
    });
  });

  it('refuses empty, too long, NUL or broken text and bad months, and writes nothing', async () => {
    const empty = await call('PUT', '/reflections/month/12/year/2026', { went_well: '  ', change_next: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: 'Write what went well or what to change (or both).' });
    const long = await call('PUT', '/reflections/month/12/year/2026', {
      went_well: 'x'.repeat(2001),
      change_next: '',
    });
    expect(long.json()).toMatchObject({
      errors: { went_well: ['The went well field must not be greater than 2000 characters.'] },
    });
    for (const body of [
      { went_well: 'a\u0000b', change_next: '' },
      { went_well: 'ok', change_next: 'half \uD800 pair' },
      { went_well: 'only one field' },
      { went_well: 3, change_next: 'x' },
    ]) {
      expect((await call('PUT', '/reflections/month/12/year/2026', body)).statusCode).toBe(422);
    }
    expect(
      (await call('PUT', '/reflections/month/13/year/2026', { went_well: 'x', change_next: '' })).statusCode,
    ).toBe(422);
    expect((await call('GET', '/purposes/month/0/year/2026')).statusCode).toBe(422);
    expect((await call('GET', '/reflections/month/12/year/2026')).json()).toMatchObject({ updated_at: null });
  });

  it('requires sign-in', async () => {
    for (const url of [
      '/api/purpose-targets',
      '/api/purposes/month/11/year/2026',
      '/api/reflections/month/11/year/2026',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('keeps one row per person (and month) when first saves race from two server processes', async () => {
    // Both saves are "update, else insert" under the person's write lock (DECISIONS.md #21): without
    // it, two first saves would both find nothing to update and insert twice.
    const second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: t }) : t;
    try {
      const { token: racer, bookId } = await registerUser(t.app, 'kakeibo-race@example.com');
      const put = (app: TestApp, url: string, payload: Record<string, unknown>) =>
        asUser(app.app, racer, { method: 'PUT', url: `/api${url}`, payload });
      const apps = [t, second, t, second, t, second];
      const targets = await Promise.all(
        apps.map((app, index) =>
          put(app, '/purpose-targets', {
            survival: 40 + index,
            optional: 30,
            culture: 20 - index,
            unexpected: 10,
          }),
        ),
      );
      const reflections = await Promise.all(
        apps.map((app, index) =>
          put(app, '/reflections/month/11/year/2026', { went_well: `note ${index}`, change_next: '' }),
        ),
      );
      expect([...targets, ...reflections].map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
      const db = t.database.db;
      const targetRows = await db
        .selectFrom('purpose_targets')
        .select('survival')
        .where('book_id', '=', bookId)
        .execute();
      const reflectionRows = await db
        .selectFrom('month_reflections')
        .select('went_well')
        .where('book_id', '=', bookId)
        .execute();
      expect(targetRows).toHaveLength(1);
      expect(reflectionRows).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }
  });
});
