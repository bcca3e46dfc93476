import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConnectionUse, WaitingSqliteDialect, type WaitingSqliteOptions } from './waiting-sqlite-dialect';

interface NotesDatabase {
  notes: { id: Generated<number>; body: string };
}

/**
 * The server's connection (busy_timeout 0, as connection.ts opens it) next to a second connection
 * to the same file that stands in for an import thread holding the write lock.
 */
describe('the waiting SQLite driver', () => {
  let dir: string;
  let file: string;
  let db: Kysely<NotesDatabase>;
  let importThread: SQLite.Database;

  const open = (options: WaitingSqliteOptions = {}) => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 0');
    return new Kysely<NotesDatabase>({ dialect: new WaitingSqliteDialect(sqlite, options) });
  };
  const bodies = async () => (await db.selectFrom('notes').select('body').orderBy('id').execute()).map((row) => row.body);
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.finally(() => (state.done = true)).catch(() => undefined);
    return state;
  };
  const turnsOfTheEventLoop = async (count: number) => {
    for (let i = 0; i < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-waiting-sqlite-'));
    file = path.join(dir, 'test.db');
    db = open();
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    importThread = new SQLite(file);
    importThread.pragma('busy_timeout = 0');
  });
  afterEach(async () => {
    importThread.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits for another connection's write lock while the event loop turns and reads are answered", async () => {
    importThread.exec("begin immediate; insert into notes (body) values ('imported')");
    const write = db.insertInto('notes').values({ body: 'typed by a person' }).execute();
    const state = settled(write);

    // The read goes through the same connection the waiting write holds between its tries; it sees
    // the database as it was before the import's uncommitted row.
    expect(await bodies()).toEqual([]);
    await turnsOfTheEventLoop(10);
    expect(state.done).toBe(false);

    importThread.exec('commit');
    await write;
    expect(await bodies()).toEqual(['imported', 'typed by a person']);
  });

  it('begins transactions IMMEDIATE, waiting for the lock, and then writes all of them', async () => {
    importThread.exec("begin immediate; insert into notes (body) values ('imported')");
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'first line' }).execute();
      await trx.insertInto('notes').values({ body: 'second line' }).execute();
    });
    const state = settled(transaction);
    expect(await bodies()).toEqual([]);
    expect(state.done).toBe(false);

    importThread.exec('commit');
    await transaction;
    expect(await bodies()).toEqual(['imported', 'first line', 'second line']);
  });

  it('holds the write lock from the start of a transaction, so no other write slips in between its read and its write', async () => {
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('notes').select('id').execute();
      // Under a plain (deferred) BEGIN this would succeed and the insert below fail half-way.
      expect(() => importThread.exec("insert into notes (body) values ('theirs')")).toThrow(/locked/);
      await trx.insertInto('notes').values({ body: `mine after ${before.length}` }).execute();
    });
    expect(await bodies()).toEqual(['mine after 0']);
  });

  it('gives up with SQLITE_BUSY once the deadline has passed', async () => {
    const impatient = open({ deadlineMs: 20 });
    try {
      importThread.exec("begin immediate; insert into notes (body) values ('imported')");
      await expect(impatient.insertInto('notes').values({ body: 'too late' }).execute()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      importThread.exec('rollback');
      expect(await bodies()).toEqual([]);
    } finally {
      await impatient.destroy();
    }
  });

  it('prepares statements on what it is given, such as a statement cache over the connection', async () => {
    const sqlite = new SQLite(file);
    const prepared: string[] = [];
    const statements = { close: () => sqlite.close(), prepare: (text: string) => (prepared.push(text), sqlite.prepare(text)) };
    const cached = new Kysely<NotesDatabase>({ dialect: new WaitingSqliteDialect(sqlite, { statements }) });
    try {
      await cached.transaction().execute((trx) => trx.insertInto('notes').values({ body: 'through the cache' }).execute());
      expect(prepared).toEqual(['begin immediate', 'insert into "notes" ("body") values (?)', 'commit']);
    } finally {
      await cached.destroy();
    }
  });

  it('reports the connection in use and the queries waiting for it (the /metrics pool gauges)', async () => {
    const use: ConnectionUse = { inUse: 0, waiting: 0 };
    const counted = open({ use });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = counted.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'held' }).execute();
        await held;
      });
      await turnsOfTheEventLoop(3);
      expect(use).toEqual({ inUse: 1, waiting: 0 });
      const queued = [counted.selectFrom('notes').selectAll().execute(), counted.selectFrom('notes').selectAll().execute()];
      await turnsOfTheEventLoop(3);
      expect(use).toEqual({ inUse: 1, waiting: 2 });
      release();
      await transaction;
      await Promise.all(queued);
      expect(use).toEqual({ inUse: 0, waiting: 0 });
    } finally {
      await counted.destroy();
    }
  });

  it('does not retry other errors', async () => {
    await expect(sql`insert into notes (body) values (null)`.execute(db)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
  });
});
