/**
 * The one rule for writes (docs/concurrent-writes.md), tested on the helpers themselves: read-modify-
 * write workflows of one book never lose an update, even from two connection pools (two server
 * processes) on one PostgreSQL database; a write that cannot get the lock in time fails whole; one
 * book's writes queue without holding up another book's; and `writeInBook` writes only for a member
 * who may write there, checked under the book's lock.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../test/test-app';
import { type BookScope, writeInBook } from './book-scope';
import { isLockTimeout, writeAsUser, writeLocked } from './locked-writes';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve function, to hold a write open until the test lets it go. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('writeInBook and the locks under it', () => {
  let first: TestApp;
  /** A second process on the same database (PostgreSQL), or the same one (SQLite). */
  let second: TestApp;
  /** The writer acting in their personal book. */
  let scope: BookScope;
  /** Someone else's personal book. */
  let otherBook: BookScope;

  beforeAll(async () => {
    first = await createTestApp();
    second = TEST_DB === 'postgres' ? await createTestApp({}, { shareDatabaseWith: first }) : first;
    const writer = await registerUser(first.app, 'writer@example.com');
    scope = { bookId: writer.bookId, userId: writer.userId, timeZone: 'UTC', hiddenAccountIds: [] };
    const other = await registerUser(first.app, 'other-writer@example.com');
    otherBook = { bookId: other.bookId, userId: other.userId, timeZone: 'UTC', hiddenAccountIds: [] };
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  const deps = (t: TestApp) => ({ db: t.database.db, dialect: t.database.dialect });

  const bookName = async (bookId: number) =>
    (await first.database.db.selectFrom('books').select('name').where('id', '=', bookId).executeTakeFirstOrThrow()).name;
  const setBookName = (bookId: number, name: string) =>
    first.database.db.updateTable('books').set({ name }).where('id', '=', bookId).execute();

  /** Reads the book's name as a counter, waits, writes it back plus one: a lost update in waiting. */
  const increment = (t: TestApp) =>
    writeInBook(deps(t), scope, async (trx) => {
      const row = await trx.selectFrom('books').select('name').where('id', '=', scope.bookId).executeTakeFirstOrThrow();
      await pause(5);
      await trx
        .updateTable('books')
        .set({ name: String(Number(row.name) + 1) })
        .where('id', '=', scope.bookId)
        .execute();
    });

  it('loses no update when 30 read-modify-writes of one book race over two processes', async () => {
    await setBookName(scope.bookId, '0');
    await Promise.all(Array.from({ length: 30 }, (_, index) => increment(index % 2 === 0 ? first : second)));
    expect(await bookName(scope.bookId)).toBe('30');
  });

  it("loses no update of a person's own rows either (writeAsUser), over two processes", async () => {
    const { userId } = scope;
    await first.database.db.updateTable('users').set({ first_name: '0' }).where('id', '=', userId).execute();
    const incrementUser = (t: TestApp) =>
      writeAsUser(deps(t), userId, async (trx) => {
        const row = await trx.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow();
        await pause(5);
        await trx
          .updateTable('users')
          .set({ first_name: String(Number(row.first_name ?? '0') + 1) })
          .where('id', '=', userId)
          .execute();
      });
    await Promise.all(Array.from({ length: 30 }, (_, index) => incrementUser(index % 2 === 0 ? first : second)));
    const row = await first.database.db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('30');
  });

  it('rolls back the whole workflow when it throws, and the next write of the book goes on', async () => {
    await setBookName(scope.bookId, 'Before');
    const failing = writeInBook(deps(first), scope, async (trx) => {
      await trx.updateTable('books').set({ name: 'Half-written' }).where('id', '=', scope.bookId).execute();
      throw new Error('a rule refused the change');
    });
    await expect(failing).rejects.toThrow('a rule refused the change');
    await writeInBook(deps(first), scope, async (trx) => {
      const row = await trx.selectFrom('books').select('name').where('id', '=', scope.bookId).executeTakeFirstOrThrow();
      expect(row.name).toBe('Before');
    });
  });

  describe('who may write', () => {
    /** Makes the user a member of the writer's book with this role. */
    const join = (userId: number, role: 'editor' | 'viewer') =>
      first.database.db
        .insertInto('book_members')
        .values({ book_id: scope.bookId, user_id: userId, role, joined_at: new Date().toISOString() })
        .execute();

    /** What writeInBook answers the person, and whether the work ran. */
    async function attempt(t: TestApp, who: BookScope) {
      let ran = false;
      const error: unknown = await writeInBook(deps(t), who, async (trx) => {
        ran = true;
        await trx.updateTable('books').set({ name: 'Written by an intruder' }).where('id', '=', who.bookId).execute();
      }).catch((caught: unknown) => caught);
      return { status: error instanceof HttpError ? error.statusCode : error, ran };
    }

    it('refuses a viewer (403) and someone who is no member (404), and writes nothing', async () => {
      await setBookName(scope.bookId, 'Untouched');
      const viewer = await registerUser(first.app, 'viewer@example.com');
      await join(viewer.userId, 'viewer');

      expect(await attempt(second, { bookId: scope.bookId, userId: viewer.userId, timeZone: 'UTC', hiddenAccountIds: [] })).toEqual({ status: 403, ran: false });
      // Someone else, member of their own book only, names the writer's book.
      expect(await attempt(second, { bookId: scope.bookId, userId: otherBook.userId, timeZone: 'UTC', hiddenAccountIds: [] })).toEqual({ status: 404, ran: false });
      // A book that does not exist answers as one that is someone else's.
      expect(await attempt(second, { ...scope, bookId: 999_999 })).toEqual({ status: 404, ran: false });
      expect(await bookName(scope.bookId)).toBe('Untouched');
      // The viewer's own personal book stays theirs to write.
      expect(await attempt(first, { bookId: viewer.bookId, userId: viewer.userId, timeZone: 'UTC', hiddenAccountIds: [] })).toEqual({ status: undefined, ran: true });
    });

    it('checks the role under the lock: an editor made a viewer while their write waited writes nothing', async () => {
      await setBookName(scope.bookId, 'Untouched');
      const editor = await registerUser(first.app, 'editor@example.com');
      await join(editor.userId, 'editor');
      const editorScope = { bookId: scope.bookId, userId: editor.userId, timeZone: 'UTC', hiddenAccountIds: [] };
      const held = gate();
      const holding = gate();
      const owner = writeInBook(deps(first), scope, async (trx) => {
        holding.open();
        await held.opened;
        await trx.updateTable('book_members').set({ role: 'viewer' }).where('book_id', '=', scope.bookId).where('user_id', '=', editor.userId).execute();
      });
      await holding.opened;
      const late = attempt(second, editorScope);
      await pause(50);
      held.open();
      await owner;
      expect(await late).toEqual({ status: 403, ran: false });
      expect(await bookName(scope.bookId)).toBe('Untouched');
    });
  });

  it.runIf(TEST_DB === 'postgres')(
    'gives up with a lock timeout, writing nothing, when another process holds the book for longer than the wait',
    async () => {
      const held = gate();
      const holding = gate();
      const holder = writeInBook(deps(first), scope, async () => {
        holding.open();
        await held.opened;
      });
      await holding.opened;
      const waiting = writeInBook(
        deps(second),
        scope,
        (trx) => sql`update books set name = 'Too late' where id = ${scope.bookId}`.execute(trx),
        { lockWaitMs: 100 },
      );
      const error: unknown = await waiting.catch((caught: unknown) => caught);
      held.open();
      await holder;
      expect(isLockTimeout(error)).toBe(true);
      expect(await bookName(scope.bookId)).not.toBe('Too late');
    },
  );

  it.runIf(TEST_DB === 'postgres')(
    "queues a book's writes in this process, one at a time, while another book's write goes through",
    async () => {
      const held = gate();
      const holding = gate();
      const holder = writeInBook(deps(first), scope, async () => {
        holding.open();
        await held.opened;
      });
      await holding.opened;
      let queuedStarted = false;
      const queued = writeInBook(deps(first), scope, async () => {
        queuedStarted = true;
      });
      // Another book, on the same process and pool, is not held up by the first book's lock or queue.
      await writeInBook(deps(first), otherBook, (trx) => sql`update books set name = 'Other' where id = ${otherBook.bookId}`.execute(trx));
      expect(queuedStarted).toBe(false);
      held.open();
      await holder;
      await queued;
      expect(queuedStarted).toBe(true);
      expect(await bookName(otherBook.bookId)).toBe('Other');
    },
  );

  it.runIf(TEST_DB === 'postgres')('keeps the lock of a user and that of a book with the same id apart', async () => {
    const held = gate();
    const holding = gate();
    const ownerId = scope.userId;
    const bookLock = writeLocked(deps(first), 'book', ownerId, async () => {
      holding.open();
      await held.opened;
    });
    await holding.opened;
    // From the other process, so only the database's advisory lock could make it wait.
    const userWrite = await writeAsUser(deps(second), ownerId, async () => 'written', { lockWaitMs: 1_000 });
    held.open();
    await bookLock;
    expect(userWrite).toBe('written');
  });
});
