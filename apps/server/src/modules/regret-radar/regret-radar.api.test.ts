/**
 * The regret radar (issue 16; docs/DECISIONS.md #57): `regret_warning` on the month listings and
 * the notification on a new expense, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

type Feeling = 'positive' | 'neutral' | 'negative' | 'mixed';
interface Row {
  id: number;
  date: string;
  regret_warning: null | { rate: number; count: number; regretted: number; basis: string; id: number; name: string; sentence: string };
}

describe(`regret radar on ${TEST_DB}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.clock.set('2026-11-24T12:00:00Z'));
  afterAll(() => t.close());

  /** A new person with one account and what they need to record expenses. */
  async function person(email: string) {
    const { token, userId, bookId } = await registerUser(t.app, email);
    const account = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Checking', account_type_id: 2, most_recent_balance: { current_balance: 1000, date: '2025-01-01' } },
    });
    expect(account.statusCode).toBe(201);
    const accountId: number = account.json().id;
    const payee = async (name: string): Promise<number> => {
      const entity = await asUser(t.app, token, { method: 'POST', url: `/api/accounts/${accountId}/entities`, payload: { name } });
      expect(entity.statusCode).toBe(201);
      return entity.json().id;
    };
    const expense = async (date: string, options: { entity?: number; feeling?: Feeling; subcategory?: number; amount?: number } = {}) => {
      const created = await asUser(t.app, token, {
        method: 'POST',
        url: `/api/accounts/${accountId}/transactions`,
        payload: {
          type: 'expense',
          amount: options.amount ?? 12.5,
          date,
          entity_id: options.entity ?? null,
          emotion_names: options.feeling ? [options.feeling] : [],
          subcategories: options.subcategory ? [{ id: options.subcategory }] : [],
        },
      });
      expect(created.statusCode).toBe(201);
      return created.json().id as number;
    };
    const month = async (month: number, year: number): Promise<Row[]> => {
      const answer = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/${month}/year/${year}` });
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };
    const allAccounts = async (month: number, year: number): Promise<Row[]> => {
      const answer = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/transactions/month/${month}/year/${year}` });
      expect(answer.statusCode).toBe(200);
      return answer.json().flatMap((account: { transactions: Row[] }) => account.transactions);
    };
    const notices = async (): Promise<Array<{ title: string; message: string }>> => {
      const answer = await asUser(t.app, token, { method: 'GET', url: '/api/notifications' });
      expect(answer.statusCode).toBe(200);
      return answer.json().notifications.filter((notice: { title: string }) => notice.title === 'Regret radar');
    };
    return { token, userId, bookId, accountId, payee, expense, month, allAccounts, notices };
  }

  async function expenseSubcategory(token: string, name: string): Promise<{ id: number; name: string }> {
    const categories = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/categories/expenses' });
    const all = categories.json().flatMap((category: { subcategories: Array<{ id: number; name: string }> }) => category.subcategories);
    const found = all.find((subcategory: { name: string }) => subcategory.name === name) ?? all[0];
    return found;
  }

  it('warns on an expense at a payee regretted at least half the time over at least 3 feelings', async () => {
    const me = await person('radar-threshold@example.com');
    const bar = await me.payee('Corner Bar');
    await me.expense('2026-10-02', { entity: bar, feeling: 'negative' });
    await me.expense('2026-10-09', { entity: bar, feeling: 'negative' });
    await me.expense('2026-10-16', { entity: bar, feeling: 'positive' });
    await me.expense('2026-10-20', { entity: bar }); // no feeling: not counted
    const id = await me.expense('2026-11-20', { entity: bar });

    const [row] = (await me.month(11, 2026)).filter((candidate) => candidate.id === id);
    expect(row?.regret_warning).toEqual({
      rate: 66.7,
      count: 3,
      regretted: 2,
      basis: 'payee',
      id: bar,
      name: 'Corner Bar',
      sentence: 'You regretted 2 of your last 3 purchases at Corner Bar.',
    });
    expect((await me.allAccounts(11, 2026)).find((candidate) => candidate.id === id)?.regret_warning).toEqual(row?.regret_warning);
    const one = await asUser(t.app, me.token, { method: 'GET', url: `/api/transactions/${id}` });
    expect(one.json().regret_warning).toEqual(row?.regret_warning);
    // October's own rows weigh only what came before each of them: the third had 2 of 2, too few.
    const october = await me.month(10, 2026);
    expect(october.map((candidate) => candidate.regret_warning)).toEqual([
      expect.objectContaining({ count: 3, regretted: 2 }), // Oct 20
      null, // Oct 16: 2 feelings
      null,
      null,
    ]);
  });

  it('stays quiet below half, and on fewer than 3 feelings', async () => {
    const me = await person('radar-below@example.com');
    const bakery = await me.payee('Bakery');
    await me.expense('2026-10-01', { entity: bakery, feeling: 'negative' });
    await me.expense('2026-10-02', { entity: bakery, feeling: 'positive' });
    await me.expense('2026-10-03', { entity: bakery, feeling: 'positive' });
    const kiosk = await me.payee('Kiosk');
    await me.expense('2026-10-01', { entity: kiosk, feeling: 'negative' });
    await me.expense('2026-10-02', { entity: kiosk, feeling: 'negative' });
    await me.expense('2026-11-20', { entity: bakery });
    await me.expense('2026-11-21', { entity: kiosk });
    expect((await me.month(11, 2026)).map((row) => row.regret_warning)).toEqual([null, null]);

    // One more regret at the bakery makes it 2 of 4: half is enough.
    await me.expense('2026-10-04', { entity: bakery, feeling: 'negative' });
    const rows = await me.month(11, 2026);
    expect(rows.find((row) => row.date === '2026-11-20')?.regret_warning).toMatchObject({ count: 4, regretted: 2, rate: 50 });
  });

  it('counts only the six months before the day: Aug 31 looks back to Mar 1, not Feb 28', async () => {
    const me = await person('radar-window@example.com');
    const shop = await me.payee('Late Shop');
    await me.expense('2026-02-28', { entity: shop, feeling: 'negative' }); // Aug 31 − 6 months: outside
    await me.expense('2026-03-01', { entity: shop, feeling: 'negative' });
    await me.expense('2026-05-15', { entity: shop, feeling: 'negative' });
    await me.expense('2026-08-31', { entity: shop, feeling: 'negative' }); // the same day: outside
    const id = await me.expense('2026-08-31', { entity: shop });
    expect((await me.month(8, 2026)).find((row) => row.id === id)?.regret_warning).toBeNull();

    await me.expense('2026-08-30', { entity: shop, feeling: 'positive' });
    expect((await me.month(8, 2026)).find((row) => row.id === id)?.regret_warning).toMatchObject({ count: 3, regretted: 2 });
  });

  it('reads the counts anew after a feeling changes, and keeps them over writes without one', async () => {
    const me = await person('radar-revision@example.com');
    const bar = await me.payee('Tavern');
    const subcategory = await expenseSubcategory(me.token, 'Restaurants');
    const revision = async () =>
      (await t.database.db.selectFrom('books').select('feelings_revision').where('id', '=', me.bookId).executeTakeFirstOrThrow()).feelings_revision;
    const felt = [];
    for (const date of ['2026-10-01', '2026-10-02', '2026-10-03']) felt.push(await me.expense(date, { entity: bar, feeling: 'negative', subcategory: subcategory.id }));
    const id = await me.expense('2026-11-02', { entity: bar });
    expect((await me.month(11, 2026)).find((row) => row.id === id)?.regret_warning).toMatchObject({ count: 3, regretted: 3 });

    const before = await revision();
    await me.expense('2026-11-03', { entity: bar, subcategory: subcategory.id }); // no feeling
    expect(await revision()).toBe(before);

    // Two of the three now felt good on a second thought: 1 of 3 is under half.
    for (const feltId of felt.slice(0, 2)) {
      const edited = await asUser(t.app, me.token, {
        method: 'PUT',
        url: `/api/transactions/${feltId}`,
        payload: { type: 'expense', amount: 12.5, date: '2026-10-01', entity_id: bar, emotion_names: ['positive'] },
      });
      expect(edited.statusCode).toBe(200);
    }
    expect(await revision()).toBeGreaterThan(before);
    expect((await me.month(11, 2026)).find((row) => row.id === id)?.regret_warning).toBeNull();
  });

  it('falls back on the sub-category when the payee has too few feelings', async () => {
    const me = await person('radar-subcategory@example.com');
    const subcategory = await expenseSubcategory(me.token, 'Restaurants');
    await me.expense('2026-10-01', { subcategory: subcategory.id, feeling: 'negative' });
    await me.expense('2026-10-02', { subcategory: subcategory.id, feeling: 'negative' });
    await me.expense('2026-10-03', { subcategory: subcategory.id, feeling: 'mixed' });
    const fresh = await me.payee('New Diner');
    const id = await me.expense('2026-11-02', { entity: fresh, subcategory: subcategory.id });
    expect((await me.month(11, 2026)).find((row) => row.id === id)?.regret_warning).toMatchObject({
      basis: 'subcategory',
      name: subcategory.name,
      count: 3,
      regretted: 2,
      sentence: `You regretted 2 of your last 3 purchases in ${subcategory.name}.`,
    });
  });

  it('leaves transfer legs out: they neither count nor carry a warning', async () => {
    const me = await person('radar-transfers@example.com');
    const card = await me.payee('Card Payment');
    const legs = [
      await me.expense('2026-10-01', { entity: card, feeling: 'negative' }),
      await me.expense('2026-10-02', { entity: card, feeling: 'negative' }),
    ];
    await me.expense('2026-10-03', { entity: card, feeling: 'negative' });
    const laterLeg = await me.expense('2026-11-05', { entity: card });
    // Legs are written by the transfers work (DECISIONS.md #47); here they are marked directly.
    await t.database.db.updateTable('transactions').set({ transfer_id: 1 }).where('id', 'in', [...legs, laterLeg]).execute();
    await t.database.db.updateTable('books').set((eb) => ({ data_revision: eb('data_revision', '+', 1) })).where('id', '=', me.bookId).execute();
    const id = await me.expense('2026-11-06', { entity: card });
    const rows = await me.month(11, 2026);
    expect(rows.find((row) => row.id === laterLeg)?.regret_warning).toBeNull();
    expect(rows.find((row) => row.id === id)?.regret_warning).toBeNull();
  });

  it("never counts another person's purchases, even in the same sub-category", async () => {
    const other = await person('radar-other@example.com');
    const me = await person('radar-me@example.com');
    const subcategory = await expenseSubcategory(me.token, 'Coffee Shops');
    for (const date of ['2026-10-01', '2026-10-02', '2026-10-03']) await other.expense(date, { subcategory: subcategory.id, feeling: 'negative' });
    await me.expense('2026-10-04', { subcategory: subcategory.id, feeling: 'negative' });
    const id = await me.expense('2026-11-02', { subcategory: subcategory.id });
    expect((await me.month(11, 2026)).find((row) => row.id === id)?.regret_warning).toBeNull();
    expect(await me.notices()).toEqual([]);
  });

  it('notifies a new expense at a regretted place once per payee and day', async () => {
    const me = await person('radar-notice@example.com');
    const bar = await me.payee('Night Owl');
    await me.expense('2026-11-01', { entity: bar, feeling: 'negative' });
    await me.expense('2026-11-08', { entity: bar, feeling: 'negative' });
    expect(await me.notices()).toEqual([]); // 2 feelings: too few
    await me.expense('2026-11-15', { entity: bar, feeling: 'neutral' });
    expect(await me.notices()).toEqual([]); // its own feeling is not weighed against it

    const typed = await asUser(t.app, me.token, {
      method: 'POST',
      url: `/api/accounts/${me.accountId}/transactions`,
      payload: { type: 'expense', amount: 42, date: '2026-11-24', entity_id: bar },
    });
    expect(typed.json().regret_warning).toMatchObject({ count: 3, regretted: 2, sentence: 'You regretted 2 of your last 3 purchases at Night Owl.' });
    await me.expense('2026-11-24', { entity: bar, amount: 17 });
    expect(await me.notices()).toEqual([
      expect.objectContaining({
        title: 'Regret radar',
        message: 'You regretted 2 of your last 3 purchases at Night Owl. You just recorded $42.00 there, dated 11/24/2026.',
      }),
    ]);

    t.clock.set('2026-11-25T12:00:00Z');
    await me.expense('2026-11-25', { entity: bar });
    expect(await me.notices()).toHaveLength(2);
  });

  it("writes the notice's amount in the book's currency", async () => {
    const me = await person('radar-euro@example.com');
    const changed = await asUser(t.app, me.token, { method: 'PATCH', url: `/api/books/${me.bookId}`, payload: { base_currency: 'EUR' } });
    expect(changed.statusCode).toBe(200);
    const bar = await me.payee('Kneipe');
    for (const date of ['2026-11-01', '2026-11-08', '2026-11-15']) await me.expense(date, { entity: bar, feeling: 'negative' });
    await me.expense('2026-11-24', { entity: bar, amount: 42 });
    expect(await me.notices()).toEqual([
      expect.objectContaining({ message: 'You regretted all of your last 3 purchases at Kneipe. You just recorded €42.00 there, dated 11/24/2026.' }),
    ]);
  });

  it('rings once for an imported statement with several purchases at a regretted place', async () => {
    const me = await person('radar-import@example.com');
    const statement = (rows: string[]) => ['Date,Description,Amount', ...rows].join('\n');
    const first = await uploadStatement(t.app, me.token, me.accountId, statement(['11/01/2026,CORNER BAR,-20.00', '11/02/2026,CORNER BAR,-21.00', '11/03/2026,CORNER BAR,-22.00']));
    expect(first.job).toMatchObject({ status: 'completed', rows_imported: 3 });
    expect(await me.notices()).toEqual([]); // no feelings yet
    for (const row of (await me.month(11, 2026)) as Array<Row & { amount: number; entity_id: number }>) {
      const felt = await asUser(t.app, me.token, {
        method: 'PUT',
        url: `/api/transactions/${row.id}`,
        payload: { type: 'expense', amount: row.amount, date: row.date, entity_id: row.entity_id, emotion_names: ['negative'] },
      });
      expect(felt.statusCode).toBe(200);
    }
    const second = await uploadStatement(
      t.app,
      me.token,
      me.accountId,
      statement(['11/20/2026,CORNER BAR,-30.00', '11/21/2026,CORNER BAR,-31.00', '11/22/2026,CORNER BAR,-32.00', '11/23/2026,CORNER BAR,-33.00']),
      'later.csv',
    );
    expect(second.job).toMatchObject({ status: 'completed', rows_imported: 4 });
    const notices = await me.notices();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/^You regretted all of your last 3 purchases at .+\. You just recorded \$33\.00 there, dated 11\/23\/2026\.$/);
  });

  it('rings no bell for an expense dated more than 30 days back', async () => {
    const me = await person('radar-old@example.com');
    const bar = await me.payee('Old Haunt');
    for (const date of ['2026-01-01', '2026-01-02', '2026-01-03']) await me.expense(date, { entity: bar, feeling: 'negative' });
    const id = await me.expense('2026-02-01', { entity: bar });
    expect((await me.month(2, 2026)).find((row) => row.id === id)?.regret_warning).toMatchObject({ count: 3 });
    expect(await me.notices()).toEqual([]);
  });

  it.skipIf(TEST_DB !== 'postgres')('creates one notification when two server processes add expenses at the place at once', async () => {
    const second = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const me = await person('radar-race@example.com');
      const bar = await me.payee('Race Track Bar');
      for (const date of ['2026-11-01', '2026-11-02', '2026-11-03']) await me.expense(date, { entity: bar, feeling: 'negative' });
      const apps = [t, second, t, second, t, second, t, second];
      const answers = await Promise.all(
        apps.map((app, index) =>
          asUser(app.app, me.token, {
            method: 'POST',
            url: `/api/accounts/${me.accountId}/transactions`,
            payload: { type: 'expense', amount: 10 + index, date: '2026-11-24', entity_id: bar },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(apps.length).fill(201));
      expect(await me.notices()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
