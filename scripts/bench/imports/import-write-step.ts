// The import's own work, parse and write, timed in one process for two checkouts' code side by
// side: `node --import tsx scripts/bench/imports/import-write-step.ts <before-checkout> <after-checkout>`
// (each a checkout of this repository with its node_modules; the sources are loaded through tsx,
// the parse and the write from the imports module's index.ts, which offers both from issue 26 on).
// Runs alternate between the two (ABBA...) on a fresh database each, so a shared machine's load
// weighs on both alike; the import stage's upload, thread start and polling are left out.
// Each run: a migrated database, one user with BENCH_IMPORT_RULES rules (the bench's kinds: most
// match nothing, one gives a third of the rows a feeling), the import stage's generated CSV of
// BENCH_IMPORT_ROWS rows (scripts/support/statement-csv.ts), `prepareStatement` then
// `writeStatement` as the import thread calls them. Environment: BENCH_WRITE_STEP_RUNS (6),
// BENCH_WRITE_STEP_DATABASE (sqlite, or a PostgreSQL URL: a scratch schema per run).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../apps/server/src/db/schema';
import { generateCsv } from '../../support/statement-csv';

type Connection = typeof import('../../../apps/server/src/db/connection');
type Migrate = typeof import('../../../apps/server/src/db/migrate');
type SqliteDatabase = typeof import('../../../apps/server/src/db/sqlite-database');
type Imports = typeof import('../../../apps/server/src/modules/imports');

interface Checkout {
  root: string;
  connection: Connection;
  migrate: Migrate;
  sqliteDatabase: SqliteDatabase;
  imports: Imports;
  seconds: number[];
}

async function load(root: string): Promise<Checkout> {
  const src = path.resolve(root, 'apps/server/src');
  return {
    root,
    connection: (await import(path.join(src, 'db/connection.ts'))) as Connection,
    migrate: (await import(path.join(src, 'db/migrate.ts'))) as Migrate,
    sqliteDatabase: (await import(path.join(src, 'db/sqlite-database.ts'))) as SqliteDatabase,
    imports: (await import(path.join(src, 'modules/imports/index.ts'))) as Imports,
    seconds: [],
  };
}

/** The stored form of the bench's rules (import-rules.ts): `count` of them, the matching three last. */
function storedRules(count: number): [unknown, unknown][] {
  const missing = Array.from({ length: Math.max(count - 3, 0) }, (_, i): [unknown, unknown] => [
    [{ field: 'payee', op: 'contains', value: `corner shop ${i}` }],
    { purpose: 'survival' },
  ]);
  const matching: [unknown, unknown][] = [
    [[{ field: 'payee', op: 'contains', value: 'starbucks' }], { purpose: 'optional', feeling: 'neutral' }],
    [[{ field: 'description', op: 'starts_with', value: 'NETFLIX' }, { field: 'type', op: 'is', value: 'expense' }], { purpose: 'culture' }],
    [[{ field: 'payee', op: 'contains', value: 'shell oil' }, { field: 'amount', op: 'between', value: { minCents: 0, maxCents: 6000 } }], { notes: 'Fuel under $60' }],
  ];
  return [...missing, ...matching].slice(0, count);
}

async function seed(db: Kysely<Database>, rules: number, now: string): Promise<void> {
  await sql`insert into users (email, password_hash, created_at, updated_at) values ('write-step@example.com', 'x', ${now}, ${now})`.execute(db);
  await sql`insert into books (name, personal_user_id, created_at, updated_at) values ('Personal', 1, ${now}, ${now})`.execute(db);
  await sql`insert into book_members (book_id, user_id, role, joined_at) values (1, 1, 'owner', ${now})`.execute(db);
  await sql`insert into accounts (book_id, name, account_type_id, created_at) values (1, 'Checking', 2, ${now})`.execute(db);
  await sql`insert into import_jobs (book_id, created_by, account_id, file_name, content, status, attempts, created_at)
    values (1, 1, 1, 'bench.csv', '', 'processing', 1, ${now})`.execute(db);
  for (const [position, [conditions, actions]] of storedRules(rules).entries())
    await sql`insert into rules (book_id, position, conditions, actions, created_at, updated_at)
      values (1, ${position}, ${JSON.stringify(conditions)}, ${JSON.stringify(actions)}, ${now}, ${now})`.execute(db);
}

/** One import of `csv` with `checkout`'s code into a fresh database; seconds of parse and write. */
async function runOnce(checkout: Checkout, csv: string, rules: number, target: string, run: number): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-write-step-'));
  const schema = `write_step_${process.pid}_${run}`;
  const postgres = target !== 'sqlite';
  const handle = postgres
    ? checkout.connection.openDatabase({ databaseUrl: target, dataDir: '', pgSchema: schema })
    : checkout.connection.openDatabase({ dataDir: dir });
  try {
    if (postgres) await sql`create schema ${sql.id(schema)}`.execute(handle.db);
    await checkout.migrate.migrateToLatest(handle);
    const now = new Date().toISOString();
    await seed(handle.db, rules, now);
    // SQLite: the import thread's own connection to the file, as in production.
    const db = postgres ? handle.db : checkout.sqliteDatabase.openSqliteDatabase(path.join(dir, 'mindspend.db'), { busyTimeoutMs: 5_000 });
    if (!postgres) await handle.close();
    try {
      const started = performance.now();
      const prepared = checkout.imports.prepareStatement(csv, null);
      if (!prepared.ok) throw new Error(prepared.error);
      const counts = await checkout.imports.writeStatement(
        { db, dialect: postgres ? 'postgres' : 'sqlite' },
        { id: 1, account_id: 1, attempts: 1, scope: { bookId: 1, userId: 1, timeZone: 'UTC', hiddenAccountIds: [] } },
        { ...prepared, answers: {} },
        now,
        () => undefined,
        () => now,
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(`${checkout.root}: ${seconds.toFixed(2)} s, ${counts.imported} rows imported`);
      return seconds;
    } finally {
      if (postgres) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      else await db.destroy();
    }
  } finally {
    if (postgres) await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const roots = process.argv.slice(2);
  if (roots.length !== 2) throw new Error('usage: import-write-step.ts <before-checkout> <after-checkout>');
  const runs = Number(process.env.BENCH_WRITE_STEP_RUNS ?? 6);
  const rules = Number(process.env.BENCH_IMPORT_RULES ?? 50);
  const target = process.env.BENCH_WRITE_STEP_DATABASE ?? 'sqlite';
  const csv = generateCsv(Number(process.env.BENCH_IMPORT_ROWS ?? 100_000));
  const checkouts = [await load(roots[0] as string), await load(roots[1] as string)];
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 === 0 ? checkouts : [...checkouts].reverse();
    for (const [index, checkout] of order.entries())
      checkout.seconds.push(await runOnce(checkout, csv, rules, target, run * 2 + index));
  }
  for (const { root, seconds } of checkouts) {
    const sorted = [...seconds].sort((a, b) => a - b);
    console.log(`${root}: best ${sorted[0]?.toFixed(2)} s, median ${sorted[Math.floor((sorted.length - 1) / 2)]?.toFixed(2)} s of ${seconds.length}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
