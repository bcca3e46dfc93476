/**
 * Racing book memberships (issue 25) on real server processes: one invitation link accepted many
 * times at once adds one member, and a member removed while their writes are in flight leaves no
 * write after the removal was answered; every write that answered 201 is in the book, and none
 * that was refused is. Two members feeling the same purchases while one of them edits them keep
 * every edit and each their own feelings (db/feelings.ts). Two hand-overs at once leave one owner,
 * and a book deleted while a member writes keeps nothing written after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { Api, type Cluster, TEST_DB, buildServer, countStatuses, expectNoServerErrors, startCluster } from './harness';
import { idOf } from './fixtures';

const ACCEPTS = 12;
const WRITES = 60;
const WRITERS = 6;
const PURCHASES = 8;

describe(`racing book memberships on ${TEST_DB}`, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    await buildServer();
    cluster = await startCluster();
  });
  afterAll(() => cluster?.stop());

  /** Reads the database the processes share (the outbox, the book's rows). */
  async function withDatabase<T>(read: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
    const handle = openDatabase({ databaseUrl: cluster.database.url, dataDir: cluster.database.dataDir });
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  }

  async function invitationToken(email: string): Promise<string> {
    const row = await withDatabase((db) =>
      db.selectFrom('outbox').select('body_text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow(),
    );
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(row.body_text)?.[1];
    if (!token) throw new Error(`no invitation link in: ${row.body_text}`);
    return token;
  }

  async function sharedBook(owner: Api, partner: Api, partnerEmail: string, role: 'editor' | 'viewer'): Promise<number> {
    const book = idOf(await owner.send('POST', '/books', { name: 'Household' }, 201));
    await owner.send('POST', `/books/${book}/invitations`, { email: partnerEmail, role }, 201);
    await partner.send('POST', `/invitations/${await invitationToken(partnerEmail)}/accept`, undefined, 200);
    return book;
  }

  /**
   * The member writes WRITES accounts into the book from WRITERS loops while `act` runs once five
   * of them have landed; each write's start and answer, and when `act` was answered.
   */
  async function writesRacing(member: Api, book: number, act: () => Promise<void>) {
    let actedAt = Number.POSITIVE_INFINITY;
    const writes: Array<{ startedAt: number; status: number }> = [];
    let next = 0;
    const writer = async () => {
      while (next < WRITES) {
        const i = next++;
        const startedAt = performance.now();
        const answer = await member.call('POST', '/accounts', {
          book,
          via: i,
          json: { name: `Write ${i}`, account_type_id: 2, most_recent_balance: { current_balance: 1, date: '2026-11-01' } },
        });
        writes.push({ startedAt, status: answer.status });
      }
    };
    const acting = (async () => {
      // Let some writes land first, then act while the rest are in flight.
      while (writes.filter((write) => write.status === 201).length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      await act();
      actedAt = performance.now();
    })();
    await Promise.all([...Array.from({ length: WRITERS }, writer), acting]);
    return { writes, actedAt };
  }

  it(`adds one member when one link is accepted ${ACCEPTS} times at once by two people`, async () => {
    const owner = await Api.signUp(cluster, 'race-book-owner@example.com');
    const partner = await Api.signUp(cluster, 'race-book-partner@example.com');
    const other = await Api.signUp(cluster, 'race-book-other@example.com');
    const book = idOf(await owner.send('POST', '/books', { name: 'Cabin' }, 201));
    await owner.send('POST', `/books/${book}/invitations`, { email: 'race-book-partner@example.com', role: 'editor' }, 201);
    const token = await invitationToken('race-book-partner@example.com');

    const answers = await Promise.all(
      Array.from({ length: ACCEPTS }, (_, i) => (i % 2 === 0 ? partner : other).call('POST', `/invitations/${token}/accept`, { via: i })),
    );
    const statuses = countStatuses(answers);
    expect(statuses[200]).toBe(1);
    expect(Object.keys(statuses).every((status) => ['200', '404', '422'].includes(status))).toBe(true);
    const members = await withDatabase((db) => db.selectFrom('book_members').select('user_id').where('book_id', '=', book).execute());
    expect(members).toHaveLength(2);
    for (const api of [owner, partner, other]) expectNoServerErrors(api);
  });

  it(`leaves no write of a member after their removal was answered, with ${WRITES} writes in flight`, async () => {
    const owner = await Api.signUp(cluster, 'race-remove-owner@example.com');
    const partner = await Api.signUp(cluster, 'race-remove-partner@example.com');
    const book = await sharedBook(owner, partner, 'race-remove-partner@example.com', 'editor');
    const partnerId = (await withDatabase((db) => db.selectFrom('users').select('id').where('email', '=', 'race-remove-partner@example.com').executeTakeFirstOrThrow())).id;

    const { writes, actedAt: removedAt } = await writesRacing(partner, book, async () => {
      const answer = await owner.call('DELETE', `/books/${book}/members/${partnerId}`);
      expect(answer.status).toBe(204);
    });

    const created = writes.filter((write) => write.status === 201).length;
    expect(created).toBeGreaterThanOrEqual(5);
    // The removal came while writes were still going: some were refused (else nothing raced).
    expect(created).toBeLessThan(WRITES);
    // Every write answered either 201 (it is in the book) or 404 (the member was gone by then).
    expect(countStatuses(writes.map((write) => ({ status: write.status, body: null })))).toEqual({ 201: created, 404: WRITES - created });
    expect(writes.filter((write) => write.startedAt > removedAt && write.status !== 404)).toEqual([]);
    const accounts = await withDatabase((db) => db.selectFrom('accounts').select('name').where('book_id', '=', book).execute());
    expect(accounts).toHaveLength(created);
    expectNoServerErrors(owner);
    expectNoServerErrors(partner);
  });

  it(`keeps each member's feelings and the other's edits when both work on the same ${PURCHASES} purchases at once`, async () => {
    const owner = await Api.signUp(cluster, 'race-feel-owner@example.com');
    const partner = await Api.signUp(cluster, 'race-feel-partner@example.com');
    const book = await sharedBook(owner, partner, 'race-feel-partner@example.com', 'editor');
    const account = idOf(
      await owner.call('POST', '/accounts', {
        book,
        json: { name: 'Joint', account_type_id: 2, most_recent_balance: { current_balance: 1, date: '2026-11-01' } },
      }).then((answer) => answer.body),
    );
    const purchases: number[] = [];
    for (let i = 0; i < PURCHASES; i += 1) {
      const answer = await owner.call('POST', `/accounts/${account}/transactions`, {
        book,
        json: { type: 'expense', amount: 10 + i, date: '2026-11-10', description: `Purchase ${i}` },
      });
      expect(answer.status).toBe(201);
      purchases.push(idOf(answer.body));
    }

    // The partner's first feelings, then, all at once on both processes: the owner re-types each
    // purchase with a new amount and their own feeling while the partner takes a second look at it.
    for (const [i, id] of purchases.entries()) {
      const felt = await partner.call('PUT', `/transactions/${id}`, {
        book,
        json: { type: 'expense', amount: 10 + i, date: '2026-11-10', description: `Purchase ${i}`, emotions: ['positive'] },
      });
      expect(felt.status).toBe(200);
    }
    const answers = await Promise.all(
      purchases.flatMap((id, i) => [
        owner.call('PUT', `/transactions/${id}`, {
          book,
          via: i,
          json: { type: 'expense', amount: 100 + i, date: '2026-11-10', description: `Purchase ${i}`, emotions: ['negative'] },
        }),
        partner.call('PATCH', `/transactions/${id}`, { book, via: i + 1, json: { second_feeling: 'mixed' } }),
      ]),
    );
    expect(countStatuses(answers)).toEqual({ 200: PURCHASES * 2 });

    const rows = await withDatabase((db) =>
      db.selectFrom('member_feelings').select(['transaction_id', 'user_id', 'emotion', 'second_feeling']).where('book_id', '=', book).execute(),
    );
    const ownerId = (await withDatabase((db) => db.selectFrom('users').select('id').where('email', '=', 'race-feel-owner@example.com').executeTakeFirstOrThrow())).id;
    for (const id of purchases) {
      const mine = rows.filter((row) => row.transaction_id === id);
      expect(mine).toHaveLength(2);
      expect(mine.find((row) => row.user_id === ownerId)).toMatchObject({ emotion: 'negative', second_feeling: null });
      expect(mine.find((row) => row.user_id !== ownerId)).toMatchObject({ emotion: 'positive', second_feeling: 'mixed' });
    }
    // Every owner's edit landed, and the transactions' own feeling columns stay empty in a shared book.
    const own = await withDatabase((db) =>
      db.selectFrom('transactions').select(['amount_cents', 'emotion', 'second_feeling']).where('book_id', '=', book).where('id', 'in', purchases).orderBy('id').execute(),
    );
    expect(own.map((row) => Number(row.amount_cents))).toEqual(purchases.map((_, i) => (100 + i) * 100));
    expect(own.every((row) => row.emotion === null && row.second_feeling === null)).toBe(true);
    expectNoServerErrors(owner);
    expectNoServerErrors(partner);
  });

  it('leaves exactly one owner when the owner hands the book to two members at once', async () => {
    const owner = await Api.signUp(cluster, 'race-hand-owner@example.com');
    const first = await Api.signUp(cluster, 'race-hand-first@example.com');
    const second = await Api.signUp(cluster, 'race-hand-second@example.com');
    const book = await sharedBook(owner, first, 'race-hand-first@example.com', 'editor');
    await owner.send('POST', `/books/${book}/invitations`, { email: 'race-hand-second@example.com', role: 'editor' }, 201);
    await second.send('POST', `/invitations/${await invitationToken('race-hand-second@example.com')}/accept`, undefined, 200);
    const ids = await withDatabase((db) =>
      db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['race-hand-first@example.com', 'race-hand-second@example.com']).execute(),
    );

    const answers = await Promise.all(
      ids.flatMap((member, i) => [0, 1].map((turn) => owner.call('PATCH', `/books/${book}/members/${member.id}`, { via: i + turn, json: { role: 'owner' } }))),
    );
    const statuses = countStatuses(answers);
    // The first hand-over answers 200; the owner is an editor after it, so every other one is refused.
    expect(statuses[200]).toBe(1);
    expect(statuses[403]).toBe(answers.length - 1);
    const roles = await withDatabase((db) => db.selectFrom('book_members').select('role').where('book_id', '=', book).execute());
    expect(roles.filter((row) => row.role === 'owner')).toHaveLength(1);
    expect(roles).toHaveLength(3);
    expectNoServerErrors(owner);
  });

  it(`keeps nothing a member wrote after the book's deletion was answered, with ${WRITES} writes in flight`, async () => {
    const owner = await Api.signUp(cluster, 'race-delete-owner@example.com');
    const partner = await Api.signUp(cluster, 'race-delete-partner@example.com');
    const book = await sharedBook(owner, partner, 'race-delete-partner@example.com', 'editor');

    const { writes, actedAt: deletedAt } = await writesRacing(partner, book, async () => {
      const answer = await owner.call('DELETE', `/books/${book}`);
      expect(answer.status).toBe(204);
    });

    expect(writes.filter((write) => write.status === 201).length).toBeGreaterThanOrEqual(5);
    expect(writes.filter((write) => write.startedAt > deletedAt && write.status !== 404)).toEqual([]);
    expect(writes.every((write) => write.status === 201 || write.status === 404)).toBe(true);
    // The book and every row of it are gone, whatever was in flight.
    const left = await withDatabase(async (db) => ({
      books: await db.selectFrom('books').select('id').where('id', '=', book).execute(),
      accounts: await db.selectFrom('accounts').select('id').where('book_id', '=', book).execute(),
    }));
    expect(left).toEqual({ books: [], accounts: [] });
    expectNoServerErrors(owner);
    expectNoServerErrors(partner);
  });
});
