import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { currencyCode } from '@mindspend/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, asUser, registerUser } from '../../test/test-app';
import { type ThreadScript, importOffThread } from './sqlite-import-in-thread';
import type { ImportThreadInput } from './sqlite-import.thread';

/** The thread's TypeScript source, loaded through tsx, as the built server runs dist/sqlite-sqlite-import.thread.js. */
const source = fileURLToPath(new URL('./sqlite-import.thread.ts', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
const THREAD: ThreadScript = {
  script: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(source)}, __filename);`,
  eval: true,
};

const csv = (count: number, description = (i: number) => `SHELL OIL ${i % 7}`) =>
  [
    'Date,Description,Amount',
    ...Array.from(
      { length: count },
      (_, i) => `11/${String((i % 28) + 1).padStart(2, '0')}/2026,${description(i)},-${i + 1}.00`,
    ),
  ].join('\n');

// The API tests' databases are in memory, which only one connection can open; an import thread
// needs the server's database to be a file, as it is in production. The run is the same whichever
// database the other API tests use, so it runs once, with the SQLite ones.
describe.skipIf(TEST_DB === 'postgres')('imports in an import thread with its own SQLite connection', () => {
  let dir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;
  let input: (content: string) => Promise<ImportThreadInput>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-sqlite-import.thread-'));
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: dir,
    });
    app = await buildApp({ config, database, serveWeb: false });
    await app.ready();
    const user = await registerUser(app, 'sqlite-import.thread@example.com');
    token = user.token;
    const accountId = await createAccount(app, token);
    // Each import gets a job row, as an upload makes one; the thread completes it with the rows.
    input = async (content) => {
      const now = new Date().toISOString();
      const job = await database.db
        .insertInto('import_jobs')
        .values({
          book_id: user.bookId,
          created_by: user.userId,
          account_id: accountId,
          file_name: 'statement.csv',
          content,
          status: 'processing',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        file: path.join(dir, 'mindspend.db'),
        job: { id: job.id, account_id: accountId, attempts: 0, scope: { bookId: user.bookId, userId: user.userId, timeZone: 'UTC', hiddenAccountIds: [] } },
        content,
        reading: { mapping: null, answers: {} },
        account: { name: 'Everyday Checking', currency: currencyCode('USD') },
        now,
      };
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: 'transactions' | 'entities') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const jobOf = (id: number) =>
    database.db
      .selectFrom('import_jobs')
      .select(['status', 'rows_imported', 'duplicates_skipped', 'content'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('imports a statement in one transaction, reporting progress in order, while the server goes on answering', async () => {
    const progress: number[] = [];
    const job = await input(csv(2000));
    const importing = importOffThread(THREAD, job, (value) => {
      progress.push(value);
    });
    const accounts = await asUser(app, token, { method: 'GET', url: '/api/accounts' });
    expect(accounts.statusCode).toBe(200);

    const outcome = await importing;
    expect(outcome).toEqual({
      ok: true,
      counts: { rowsRead: 2000, imported: 2000, duplicates: 0, categorized: 2000 },
    });
    expect(progress[0]).toBe(20);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(95);
    expect(await count('transactions')).toBe(2000);
    expect(await count('entities')).toBe(7);
    expect(await jobOf(job.job.id)).toEqual({
      status: 'completed',
      rows_imported: 2000,
      duplicates_skipped: 0,
      content: '',
    });
  });

  it('skips the rows already imported', async () => {
    const outcome = await importOffThread(THREAD, await input(csv(2100)), () => undefined);
    expect(outcome).toMatchObject({ ok: true, counts: { rowsRead: 2100, imported: 100, duplicates: 2000 } });
    expect(await count('transactions')).toBe(2100);
  });

  it('names the bad line of a file the parser refuses, and adds nothing', async () => {
    const outcome = await importOffThread(
      THREAD,
      await input(`${csv(3)}\n12/02/2026,BROKEN,twelve dollars`),
      () => undefined,
    );
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^Line 5: /) });
    expect(await count('transactions')).toBe(2100);
  });

  it("refuses a statement in another currency than the account's before writing anything (DECISIONS.md #91)", async () => {
    const ofx = [
      'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261112<TRNAMT>-15.99<FITID>EUR-1<NAME>REWE</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const job = await input(ofx);
    const outcome = await importOffThread(THREAD, job, () => undefined);
    expect(outcome).toEqual({ ok: false, error: 'This file is in EUR but Everyday Checking keeps USD. Import it into an account in EUR.' });
    expect(await count('transactions')).toBe(2100);
    expect((await jobOf(job.job.id)).status).toBe('processing');
  });

  it('adds nothing, not even payees, and leaves the job unfinished when the database fails half-way through the file', async () => {
    // A trigger makes the 900th row's insert fail, as a full disk would.
    await sql`create trigger explode before insert on transactions when new.description = 'EXPLODE'
      begin select raise(abort, 'disk I/O error'); end`.execute(database.db);
    try {
      const file = csv(1200, (i) => (i === 900 ? 'EXPLODE' : `NEW PLACE ${i}`));
      const job = await input(file);
      await expect(importOffThread(THREAD, job, () => undefined)).rejects.toThrow(/disk I\/O error/);
      expect(await count('transactions')).toBe(2100);
      expect(await count('entities')).toBe(7);
      expect((await jobOf(job.job.id)).status).toBe('processing');
    } finally {
      await sql`drop trigger explode`.execute(database.db);
    }
  });

  it("answers reads at once and a write once another connection's long transaction lets go", async () => {
    const importThread = new SQLite(path.join(dir, 'mindspend.db'));
    try {
      importThread.exec("begin immediate; update accounts set name = 'renamed by the other connection'");
      const creating = asUser(app, token, {
        method: 'POST',
        url: '/api/accounts',
        payload: {
          name: 'Savings',
          account_type_id: 2,
          most_recent_balance: { current_balance: 10, date: '2026-11-01' },
        },
      });
      let created = false;
      void creating.then(() => (created = true));

      const accounts = await asUser(app, token, { method: 'GET', url: '/api/accounts' });
      expect(accounts.statusCode).toBe(200);
      expect(accounts.json<Array<{ name: string }>>().map((account) => account.name)).toEqual([
        'Everyday Checking',
      ]);
      expect(created).toBe(false);

      importThread.exec('commit');
      expect((await creating).statusCode).toBe(201);
    } finally {
      importThread.close();
    }
  });
});
