/**
 * Each member's own feelings in a shared book (issue 25; db/feelings.ts): a member records theirs
 * on the book's purchases without touching anyone else's, sees the others' only when they share
 * them, and "together" insights compare the feelings of the members who share. Purpose targets
 * and month-end reflections are each member's own too. A personal book keeps its feelings as
 * before; leaving a book takes the member's feelings, targets and reflections with them.
 */
import { type Book, type InsightsResponse, PERSONAL_BOOK_NOT_SHARED, type Transaction } from '@mindspend/api-contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

interface Person {
  token: string;
  userId: number;
  bookId: number;
}

describe(`each member's feelings in a shared book on ${TEST_DB}`, () => {
  let t: TestApp;
  let ana: Person;
  let ben: Person;
  let viewer: Person;
  let book: number;
  let account: number;
  let people = 0;

  const person = async (name: string): Promise<Person> => {
    people += 1;
    return registerUser(t.app, `${name}-${people}@example.com`);
  };
  const as = (who: Person, options: InjectOptions) => asUser(t.app, who.token, options);
  const inBook = (who: Person, options: InjectOptions) => as(who, { ...options, headers: { ...options.headers, 'mindspend-book': String(book) } });

  async function join(who: Person, role: 'editor' | 'viewer', email: string) {
    const invited = await as(ana, { method: 'POST', url: `/api/books/${book}/invitations`, payload: { email, role } });
    expect(invited.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('outbox').select('body_text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(row.body_text)?.[1];
    expect((await as(who, { method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode).toBe(200);
  }

  async function purchase(who: Person, payload: Record<string, unknown>): Promise<Transaction> {
    const response = await inBook(who, {
      method: 'POST',
      url: `/api/accounts/${account}/transactions`,
      payload: { type: 'expense', amount: 40, date: '2026-11-10', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Transaction>();
  }

  /** The member records their feeling, sending the rest of the transaction as it is. */
  const feel = (who: Person, transaction: Pick<Transaction, 'id' | 'type' | 'amount' | 'date'>, feeling: string) =>
    inBook(who, {
      method: 'PATCH',
      url: `/api/transactions/${transaction.id}`,
      payload: { type: transaction.type, amount: transaction.amount, date: transaction.date, emotions: [feeling] },
    });
  const read = async (who: Person, id: number) => (await inBook(who, { method: 'GET', url: `/api/transactions/${id}` })).json<Transaction>();
  const share = (who: Person, on: boolean) => as(who, { method: 'PATCH', url: `/api/books/${book}/me`, payload: { share_feelings: on } });

  beforeAll(async () => {
    t = await createTestApp();
    ana = await person('ana');
    ben = await person('ben');
    viewer = await person('vic');
    await t.database.db.updateTable('users').set({ first_name: 'Ana' }).where('id', '=', ana.userId).execute();
    await t.database.db.updateTable('users').set({ first_name: 'Ben' }).where('id', '=', ben.userId).execute();
    book = (await as(ana, { method: 'POST', url: '/api/books', payload: { name: 'Home' } })).json<Book>().id;
    await join(ben, 'editor', `ben-2@example.com`);
    await join(viewer, 'viewer', `vic-3@example.com`);
    const created = await inBook(ana, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Joint', account_type_id: 1, most_recent_balance: { current_balance: 1000, date: '2026-11-01' } },
    });
    expect(created.statusCode).toBe(201);
    account = created.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it('keeps each member\'s feeling their own, and shows another\'s only once they share it', async () => {
    const dinner = await purchase(ana, { description: 'Dinner out', emotions: ['negative'] });
    expect(dinner.emotions).toEqual(['negative']);
    expect(dinner.feelings_by_member).toEqual([]);

    // Ben sees the purchase, not Ana's feeling: she has not shared hers.
    const bensView = await read(ben, dinner.id);
    expect(bensView.emotions).toEqual([]);
    expect(bensView.feelings_by_member).toEqual([]);

    // Ben's own feeling leaves Ana's as it was.
    const felt = await feel(ben, dinner, 'positive');
    expect(felt.statusCode).toBe(200);
    expect(felt.json<Transaction>().emotions).toEqual(['positive']);
    expect((await read(ana, dinner.id)).emotions).toEqual(['negative']);

    const shared = await share(ana, true);
    expect(shared.statusCode).toBe(200);
    expect(shared.json<Book>().members.find((member) => member.user_id === ana.userId)?.share_feelings).toBe(true);
    expect((await read(ben, dinner.id)).feelings_by_member).toEqual([{ user_id: ana.userId, first_name: 'Ana', feeling: 'negative', second_feeling: null }]);
    // Ben has not shared his: Ana still sees only her own.
    expect((await read(ana, dinner.id)).feelings_by_member).toEqual([]);
  });

  it('records a second look as the member\'s own, beside the others\'', async () => {
    const lunch = await purchase(ana, { description: 'Lunch', emotions: ['positive'] });
    const looked = await inBook(ben, { method: 'PATCH', url: `/api/transactions/${lunch.id}`, payload: { second_feeling: 'negative' } });
    expect(looked.statusCode).toBe(200);
    expect(looked.json<Transaction>()).toMatchObject({ emotions: [], second_feeling: 'negative' });
    expect((await read(ana, lunch.id)).second_feeling).toBeNull();
  });

  it('compares the sharing members\' feelings in "together" insights', async () => {
    await share(ben, true);
    const both = await purchase(ana, { description: 'Gadget', amount: 120, emotions: ['negative'] });
    await feel(ben, both, 'negative');
    const one = await purchase(ana, { description: 'Concert', amount: 60, emotions: ['positive'] });
    await feel(ben, one, 'negative');

    const answer = await inBook(ana, { method: 'GET', url: '/api/insights?from=2026-01&to=2026-12&view=together' });
    expect(answer.statusCode, answer.body).toBe(200);
    const together = answer.json<InsightsResponse>().together;
    expect(together?.members.map((member) => member.first_name)).toEqual(['Ana', 'Ben']);
    // Dinner (Ana regretted, Ben did not), Gadget (both), Concert (Ben only); Lunch had one first feeling.
    expect(together?.compared).toBe(3);
    expect(together?.totals).toEqual({ all_amount: 120, all_count: 1, some_amount: 100, some_count: 2 });
    expect(together?.by_category).toEqual([{ id: null, name: 'Uncategorized', all_amount: 120, all_count: 1, some_amount: 100, some_count: 2 }]);

    // "me" is each member's own: Ana regretted 160 (Dinner, Gadget), Ben 180 (Gadget, Concert).
    const mine = (await inBook(ana, { method: 'GET', url: '/api/insights?from=2026-01&to=2026-12' })).json<InsightsResponse>();
    expect(mine.together).toBeNull();
    expect(mine.regret.regretted).toBe(160);
    const his = (await inBook(ben, { method: 'GET', url: '/api/insights?from=2026-01&to=2026-12&view=me' })).json<InsightsResponse>();
    expect(his.regret.regretted).toBe(180);
  });

  it('counts only the caller and the members who share in "together"', async () => {
    await share(ben, false);
    const answer = (await inBook(ana, { method: 'GET', url: '/api/insights?from=2026-01&to=2026-12&view=together' })).json<InsightsResponse>();
    expect(answer.together?.members.map((member) => member.user_id)).toEqual([ana.userId]);
    expect(answer.together?.compared).toBe(0);
    await share(ben, true);
  });

  it('lets a viewer choose to share, but not record a feeling on the book\'s data', async () => {
    expect((await share(viewer, true)).statusCode).toBe(200);
    const [first] = (await inBook(viewer, { method: 'GET', url: '/api/transactions/search?query=Dinner' })).json<Transaction[]>();
    expect(first).toBeDefined();
    if (!first) return;
    expect((await feel(viewer, first, 'mixed')).statusCode).toBe(403);
  });

  it('refuses sharing in a personal book and a body that is not true or false', async () => {
    const personal = await as(ana, { method: 'PATCH', url: `/api/books/${ana.bookId}/me`, payload: { share_feelings: true } });
    expect(personal.statusCode).toBe(422);
    expect(personal.json<{ message: string }>().message).toBe(PERSONAL_BOOK_NOT_SHARED);
    expect((await as(ana, { method: 'PATCH', url: `/api/books/${book}/me`, payload: { share_feelings: 'yes' } })).statusCode).toBe(422);
    const stranger = await person('sam');
    expect((await as(stranger, { method: 'PATCH', url: `/api/books/${book}/me`, payload: { share_feelings: true } })).statusCode).toBe(404);
  });

  it('keeps a personal book\'s feelings on the transaction and shows no one else\'s', async () => {
    const own = await asUser(t.app, ben.token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Mine', account_type_id: 1, most_recent_balance: { current_balance: 10, date: '2026-11-01' } },
    });
    const created = await as(ben, {
      method: 'POST',
      url: `/api/accounts/${own.json<{ id: number }>().id}/transactions`,
      payload: { type: 'expense', amount: 5, date: '2026-11-10', emotions: ['mixed'] },
    });
    expect(created.json<Transaction>()).toMatchObject({ emotions: ['mixed'], feelings_by_member: [] });
    const row = await t.database.db.selectFrom('transactions').select('emotion').where('id', '=', created.json<Transaction>().id).executeTakeFirstOrThrow();
    expect(row.emotion).toBe('mixed');
  });

  it('keeps purpose targets and the month\'s reflection each member\'s own', async () => {
    const targets = (who: Person, survival: number) =>
      inBook(who, { method: 'PUT', url: '/api/purpose-targets', payload: { survival, optional: 100 - survival - 20, culture: 10, unexpected: 10 } });
    expect((await targets(ana, 50)).statusCode).toBe(200);
    expect((await targets(ben, 70)).statusCode).toBe(200);
    const read = async (who: Person) => (await inBook(who, { method: 'GET', url: '/api/purpose-targets' })).json<{ targets: { survival: number } | null }>();
    expect((await read(ana)).targets?.survival).toBe(50);
    expect((await read(ben)).targets?.survival).toBe(70);
    // The viewer has set none: nobody else's are theirs.
    expect((await read(viewer)).targets).toBeNull();

    const reflect = (who: Person, wentWell: string) =>
      inBook(who, { method: 'PUT', url: '/api/reflections/month/11/year/2026', payload: { went_well: wentWell, change_next: 'Cook more' } });
    expect((await reflect(ana, 'Paid the rent early')).statusCode).toBe(200);
    expect((await reflect(ben, 'No takeaway')).statusCode).toBe(200);
    const reflection = async (who: Person) =>
      (await inBook(who, { method: 'GET', url: '/api/reflections/month/11/year/2026' })).json<{ went_well: string }>().went_well;
    expect(await reflection(ana)).toBe('Paid the rent early');
    expect(await reflection(ben)).toBe('No takeaway');
  });

  it('takes a leaving member\'s feelings, targets and reflections with them', async () => {
    const before = await t.database.db.selectFrom('member_feelings').select('transaction_id').where('user_id', '=', ben.userId).execute();
    expect(before.length).toBeGreaterThan(0);
    expect((await as(ben, { method: 'DELETE', url: `/api/books/${book}/members/${ben.userId}` })).statusCode).toBe(204);
    const after = await t.database.db.selectFrom('member_feelings').select('transaction_id').where('user_id', '=', ben.userId).execute();
    expect(after).toEqual([]);
    expect((await read(ana, before[0]?.transaction_id ?? 0)).feelings_by_member).toEqual([]);
    const plans = await Promise.all(
      (['purpose_targets', 'month_reflections'] as const).map((table) =>
        t.database.db.selectFrom(table).select('user_id').where('book_id', '=', book).where('user_id', '=', ben.userId).execute(),
      ),
    );
    expect(plans).toEqual([[], []]);
  });
});
