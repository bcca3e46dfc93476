/**
 * The pause list (issue 31; docs/DECISIONS.md #99) on SQLite and PostgreSQL: a forecast from the
 * person's own history (or the word that there is too little), the reminder when the cooling-off
 * ends, the purchase offered as the match, the decision, and the summary.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { remindDuePauses } from './pause-reminders';

type Json = Record<string, unknown>;
type Feeling = 'positive' | 'neutral' | 'negative' | 'mixed';

describe(`pause list on ${TEST_DB}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.clock.set('2026-11-24T12:00:00Z'));
  afterAll(() => t.close());

  /** A new person with one account, and what they need to record purchases and pause them. */
  async function person(email: string) {
    const { token } = await registerUser(t.app, email);
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) => asUser(t.app, token, { method, url, ...(payload && { payload }) });
    const accountId = await createAccount(t.app, token, { name: 'Checking', most_recent_balance: { current_balance: 5000, date: '2025-01-01' } });
    const payee = (name: string) => createEntity(t.app, token, accountId, name);
    const expense = async (date: string, options: { entity?: number; feeling?: Feeling; later?: Feeling; subcategory?: number; amount?: number } = {}) => {
      const id = await createTransaction(t.app, token, accountId, {
        amount: options.amount ?? 20,
        date,
        entity_id: options.entity ?? null,
        emotion_names: options.feeling ? [options.feeling] : [],
        subcategories: options.subcategory ? [{ id: options.subcategory }] : [],
      });
      if (options.later) expect((await call('PATCH', `/api/transactions/${id}`, { second_feeling: options.later })).statusCode).toBe(200);
      return id;
    };
    const pause = async (body: Json) => call('POST', '/api/pauses', body);
    const pauses = async () => (await call('GET', '/api/pauses')).json() as Array<Json & { id: number; status: string; match: Json | null }>;
    return { token, call, accountId, payee, expense, pause, pauses };
  }

  async function subcategoryNamed(token: string, name: string): Promise<number> {
    const id = (await subcategoryIds(t.app, token))[name];
    if (id === undefined) throw new Error(`no sub-category ${name}`);
    return id;
  }

  it('says there is not enough history instead of inventing a forecast, and suggests the default wait', async () => {
    const me = await person('pause-new@example.com');
    const created = await me.pause({ payee: 'Sound Shop', amount: 180, note: 'headphones' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      payee: 'Sound Shop',
      entity_id: null,
      amount: 180,
      note: 'headphones',
      status: 'waiting',
      decision: null,
      cooling_off_days: 3,
      remind_at: '2026-11-27T12:00:00.000Z',
      forecast: { enough: false, regret_rate: null, similar: 0, needed: 5, basis: [] },
      match: null,
    });
  });

  it("forecasts from the payee's felt purchases, counting one that soured later as regretted, and waits longer for it", async () => {
    const me = await person('pause-payee@example.com');
    const bar = await me.payee('Corner Bar');
    for (const date of ['2026-09-04', '2026-09-11', '2026-09-18']) await me.expense(date, { entity: bar, feeling: 'negative' });
    await me.expense('2026-10-02', { entity: bar, feeling: 'positive', later: 'negative' });
    await me.expense('2026-10-09', { entity: bar, feeling: 'positive' });
    await me.expense('2026-10-16', { entity: bar, feeling: 'neutral' });
    await me.expense('2026-10-23', { entity: bar }); // no feeling: no evidence

    const created = await me.pause({ payee: 'corner bar', amount: 38.2 });
    expect(created.statusCode).toBe(201);
    const pause = created.json();
    // The typed name is the book's payee, so its history counts.
    expect(pause).toMatchObject({ payee: 'Corner Bar', entity_id: bar });
    expect(pause.forecast).toMatchObject({ enough: true, similar: 6, regretted: 4, soured: 1, regret_rate: 66.7 });
    expect(pause.forecast.basis[0]).toEqual({ kind: 'payee', label: 'Corner Bar', feelings: 6, regretted: 4, rate: 66.7, lift: null });
    // ceil(66.7 × 30 / 100) = 21 days.
    expect(pause.cooling_off_days).toBe(21);
  });

  it("falls back to the sub-category's history when the payee has too little, and keeps a wait the person chose", async () => {
    const me = await person('pause-subcategory@example.com');
    const dining = await subcategoryNamed(me.token, 'Dining Out');
    for (const [index, date] of ['2026-08-01', '2026-08-08', '2026-08-15', '2026-08-22', '2026-08-29'].entries()) {
      await me.expense(date, { subcategory: dining, feeling: index === 0 ? 'negative' : 'positive' });
    }
    const created = await me.pause({ payee: 'New Bistro', subcategory_id: dining, amount: 60, cooling_off_days: 2 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ subcategory: 'Dining Out', cooling_off_days: 2, remind_at: '2026-11-26T12:00:00.000Z' });
    expect(created.json().forecast).toMatchObject({ enough: true, similar: 5, regretted: 1, regret_rate: 20 });
    expect(created.json().forecast.basis[0]).toMatchObject({ kind: 'subcategory', label: 'Dining Out' });
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const me = await person('pause-bad@example.com');
    const other = await person('pause-bad-other@example.com');
    const theirs = await other.payee('Their Shop');
    const cases: Array<[Json, string, string]> = [
      [{ payee: 'Shop', amount: 0 }, 'amount', 'The amount must be greater than 0.'],
      [{ payee: 'Shop', amount: -5 }, 'amount', 'The amount must be greater than 0.'],
      [{ payee: 'Shop' }, 'amount', 'The amount field is required.'],
      [{ payee: '  ', amount: 5 }, 'payee', 'Say where you would buy it: choose a payee or type a name.'],
      [{ entity_id: theirs, amount: 5 }, 'entity_id', 'The selected payee does not exist.'],
      [{ payee: 'Shop', amount: 5, subcategory_id: 2_000_000 }, 'subcategory_id', 'The selected sub-category does not exist.'],
      [{ payee: 'Shop', amount: 5, cooling_off_days: 31 }, 'cooling_off_days', 'The cooling-off period must be a whole number of days from 1 to 30.'],
      [{ payee: 'Shop', amount: '5' }, 'amount', ''],
    ];
    for (const [body, field, message] of cases) {
      const refused = await me.pause(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      const errors = refused.json().errors as Record<string, string[]>;
      expect(errors[field]?.length, JSON.stringify(body)).toBeGreaterThan(0);
      if (message) expect(errors[field]).toContain(message);
    }
    expect(await me.pauses()).toEqual([]);

    const mine = (await me.pause({ payee: 'Shop', amount: 5 })).json();
    const theirPurchase = await other.expense('2026-11-20', { entity: theirs });
    expect((await other.call('PATCH', `/api/pauses/${mine.id}`, { decision: 'skipped' })).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/pauses/${mine.id}`)).statusCode).toBe(404);
    const foreign = await me.call('PATCH', `/api/pauses/${mine.id}`, { decision: 'bought', transaction_id: theirPurchase });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.transaction_id).toEqual(['The selected purchase does not exist.']);
    const badDecision = await me.call('PATCH', `/api/pauses/${mine.id}`, { decision: 'maybe' });
    expect(badDecision.statusCode).toBe(422);
    expect((await me.pauses())[0]).toMatchObject({ decision: null, status: 'waiting' });
  });

  it('reminds once when the cooling-off ends, offers the purchase recorded since, and sums up the decisions', async () => {
    const me = await person('pause-journey@example.com');
    const shop = await me.payee('Sound Shop');
    const headphones = (await me.pause({ entity_id: shop, amount: 180, note: 'headphones' })).json();
    const jacket = (await me.pause({ payee: 'Coat Corner', amount: 240, note: 'winter jacket' })).json();

    const reminders = async () =>
      ((await me.call('GET', '/api/notifications')).json().notifications as Array<{ title: string; message: string }>)
        .filter((notice) => notice.title === 'Pause list')
        .map((notice) => notice.message)
        .sort();
    t.clock.set('2026-11-27T11:59:59Z');
    await remindDuePauses(t.database, t.clock.now());
    expect(await reminders()).toEqual([]);
    t.clock.set('2026-11-27T12:00:01Z');
    await remindDuePauses(t.database, t.clock.now());
    expect((await remindDuePauses(t.database, t.clock.now())).reminded).toBe(0);
    expect(await reminders()).toEqual(['Still want the $180.00 headphones?', 'Still want the $240.00 winter jacket?']);
    expect((await me.pauses()).map((pause) => pause.status)).toEqual(['reminder_due', 'reminder_due']);

    // A purchase at the same payee within 10 % is offered; one 20 % off is not.
    await me.expense('2026-11-27', { entity: shop, amount: 150 });
    const bought = await me.expense('2026-11-27', { entity: shop, amount: 172.5, feeling: 'negative' });
    await me.expense('2026-11-20', { entity: shop, amount: 180, feeling: 'positive' }); // before the pause: not it
    const listed = (await me.pauses()).find((pause) => pause.id === headphones.id);
    expect(listed?.match).toEqual({ transaction_id: bought, date: '2026-11-27', amount: 172.5, payee: 'Sound Shop' });

    const decided = await me.call('PATCH', `/api/pauses/${headphones.id}`, { decision: 'bought', transaction_id: bought });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'decided', decision: 'bought', transaction_id: bought, match: null });
    expect((await me.call('PATCH', `/api/pauses/${jacket.id}`, { decision: 'skipped' })).json()).toMatchObject({ decision: 'skipped' });

    const summary = await me.call('GET', '/api/pauses/summary?from=2026-11-01&to=2026-11-30');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      skipped: { count: 1, total: 240 },
      bought: { count: 1, total: 180 },
      undecided: 0,
      after_pause: { felt: 1, regretted: 1, rate: 100 },
      rest: { felt: 1, regretted: 0, rate: 0 },
    });
    const backwards = await me.call('GET', '/api/pauses/summary?from=2026-11-30&to=2026-11-01');
    expect(backwards.statusCode).toBe(422);

    expect((await me.call('DELETE', `/api/pauses/${jacket.id}`)).statusCode).toBe(204);
    expect((await me.pauses()).map((pause) => pause.id)).toEqual([headphones.id]);
  });

  it("keeps each member's pauses their own in a shared book, forecast from their own feelings, and gone when they leave", async () => {
    const ana = await registerUser(t.app, 'pause-ana@example.com');
    const ben = await registerUser(t.app, 'pause-ben@example.com');
    const book: number = (await asUser(t.app, ana.token, { method: 'POST', url: '/api/books', payload: { name: 'Home' } })).json().id;
    const inBook = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) =>
      asUser(t.app, token, { method, url, headers: { 'mindspend-book': String(book) }, ...(payload && { payload }) });
    expect((await asUser(t.app, ana.token, { method: 'POST', url: `/api/books/${book}/invitations`, payload: { email: 'pause-ben@example.com', role: 'editor' } })).statusCode).toBe(201);
    const mail = await t.database.db.selectFrom('outbox').select('body_text').where('to_address', '=', 'pause-ben@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const invitation = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
    expect((await asUser(t.app, ben.token, { method: 'POST', url: `/api/invitations/${invitation}/accept` })).statusCode).toBe(200);

    const account: number = (await inBook(ana.token, 'POST', '/api/accounts', { name: 'Joint', account_type_id: 2, most_recent_balance: { current_balance: 900, date: '2025-01-01' } })).json().id;
    const shop: number = (await inBook(ana.token, 'POST', `/api/accounts/${account}/entities`, { name: 'Gadget Hut' })).json().id;
    for (const date of ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22', '2026-10-29']) {
      // Ana regretted every purchase at the shop; Ben recorded no feeling about any of them.
      const created = await inBook(ana.token, 'POST', `/api/accounts/${account}/transactions`, { type: 'expense', amount: 30, date, entity_id: shop, emotion_names: ['negative'] });
      expect(created.statusCode).toBe(201);
    }
    const anas = await inBook(ana.token, 'POST', '/api/pauses', { entity_id: shop, amount: 30 });
    expect(anas.json().forecast).toMatchObject({ enough: true, similar: 5, regretted: 5 });
    const bens = await inBook(ben.token, 'POST', '/api/pauses', { entity_id: shop, amount: 30 });
    expect(bens.json().forecast).toMatchObject({ enough: false, similar: 0 });

    expect((await inBook(ben.token, 'GET', '/api/pauses')).json().map((pause: { id: number }) => pause.id)).toEqual([bens.json().id]);
    expect((await inBook(ben.token, 'PATCH', `/api/pauses/${anas.json().id}`, { decision: 'skipped' })).statusCode).toBe(404);

    expect((await asUser(t.app, ben.token, { method: 'DELETE', url: `/api/books/${book}/members/${ben.userId}` })).statusCode).toBe(204);
    const left = await t.database.db.selectFrom('pauses').select('user_id').where('book_id', '=', book).execute();
    expect(left.map((row) => row.user_id)).toEqual([ana.userId]);
  });
});
