// The rebuild stage of `npm run bench` (`--stage=rebuild`): how long each heavy answer takes to be
// built afresh after a write, next to the time `JSON.stringify` takes for the same answer in the
// same process (its floor: no answer can be written faster than its JSON), and wrk's p99 at 50
// connections for a reused one-account month against routes that do (almost) nothing.
//
//   rebuild   the app is built IN this process (buildApp, NODE_ENV=production, the ledger stage's
//             200,000-transaction data set on SQLite and, when it answers, PostgreSQL); each trial
//             adds a transaction in another month through the API (the user's data revision moves
//             on), times `inject` of the route with a browser's Accept-Encoding, and removes it.
//             Median of BENCH_REBUILD_TRIALS (9). The floor is JSON.stringify of the parsed answer,
//             median of as many runs. Measured in one process, the ratio is fair on a busy machine
//             where absolute times are not. Beside them, the answer's SQL alone: the read
//             statements one rebuild ran, recorded as compiled, run again through the same
//             connection with their rows read and discarded (answer-queries.ts): rebuild ≈ SQL +
//             JSON + the presenter's and compression's share. On SQLite the same statements
//             also run on the file with its planner statistics set aside, as on a deployed
//             database (the app never runs ANALYZE; docs/DECISIONS.md #72): a plan that only the
//             statistics keep fast is reported.
//   per-request  the BUILT server on the same SQLite data, wrk (2 threads, BENCH_LEDGER_CONNECTIONS
//             = 50, BENCH_DURATION_S) on GET /api/health (nothing to do), GET /api/user (signed in,
//             a tiny answer) and the reused one-account month (brotli, as a browser asks).
//
// Runs on its own too: `node --import tsx scripts/bench/load/rebuild-load.ts`. BENCH_CPU_PROF_DIR
// writes CPU profiles there: `rebuild-<database>-<answer>.cpuprofile` of each answer's timed
// rebuilds alone (not the seeding), and the wrk-loaded server's own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../../../apps/server/src/db/connection';
import { migrateToLatest } from '../../../apps/server/src/db/migrate';
import type { Database } from '../../../apps/server/src/db/schema';
import { shareSqliteConnection, sqliteConnectionOf } from '../../../apps/server/src/db/sqlite-database';
import { AnswerQueryRecorder, runQueries, sqlWithoutStatistics } from '../answers/answer-queries';
import { seedBudgets } from '../seed/budget-seed';
import { DEFAULT_SEED, analyze, seedLedger } from '../seed/ledger-seed';
import { personalBookId } from '../seed/seed-helpers';
import { median } from '../measures';
import { BROWSER_ENCODINGS, type PerRequestRow, REUSED_MONTH_ROUTE, perRequest, perRequestTable } from '../answers/rebuild-per-request';
import { postgresProblem, withScratchDatabase, withSharedKeys } from '../../support/server-process';

export interface RebuildOptions {
  trials: number;
  transactions: number;
  connections: number;
  durationS: number;
  /** null skips PostgreSQL. */
  postgresUrl: string | null;
  cpuProfDir?: string | undefined;
}

/** The goals of issue 18. */
export const REBUILD_GOALS = {
  ratio: 3,
  reusedP99Ms: 10,
  /** The SQL alone on a database without planner statistics against the bench's analyzed one. */
  unanalyzedSqlRatio: 1.5,
};

export interface RebuildRow {
  answer: string;
  rows: number;
  bytes: number;
  rebuildMs: number;
  stringifyMs: number;
  /**
   * The same two in CPU time of this process (all its threads: SQLite and compression included,
   * a PostgreSQL server's own work not): unlike wall time, not lengthened by waiting for a core.
   */
  rebuildCpuMs: number;
  stringifyCpuMs: number;
  /** The answer's read statements alone, run again in this process (its SQL floor). */
  statements: number;
  queriesMs: number;
  queriesCpuMs: number;
  /**
   * Brotli quality 1 of the answer's JSON, as the answer cache compresses it for the request that
   * waits for a rebuilt answer (docs/DECISIONS.md #61): with the SQL alone and JSON.stringify, the
   * floor of a rebuild that a browser asks for.
   */
  compressMs: number;
  compressCpuMs: number;
  /**
   * The same statements on SQLite without planner statistics, as on a deployed database (the app
   * never runs ANALYZE; docs/DECISIONS.md #72); null on PostgreSQL.
   */
  queriesUnanalyzedMs: number | null;
}

type Dialect = 'SQLite' | 'PostgreSQL';

/** The answer cache's brotli for a waiting request (apps/server/src/lib/answer-cache.ts). */
const FAST_BROTLI = (bytes: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } });
/** Longer than brotli quality 5 of the largest answer (2.5 MB) takes on the bench machine. */
const REFINEMENT_WAIT_MS = 150;

interface HeavyRoute {
  answer: string;
  /** Names its CPU profile. */
  slug: string;
  url: string;
  countRows: (body: unknown) => number;
}

const countList = (body: unknown) => (Array.isArray(body) ? body.length : 0);
const countNested = (body: unknown) =>
  Array.isArray(body) ? body.reduce((sum: number, account: { transactions?: unknown[] }) => sum + (account.transactions?.length ?? 0), 0) : 0;
const countBudgets = (body: unknown) => (body as { budgets?: unknown[] }).budgets?.length ?? 0;
const countInsights = (body: unknown) => (body as { totals?: { transaction_count?: number } }).totals?.transaction_count ?? 0;

/** `YYYY-MM` of the month `delta` months from month/year. */
function monthKeyFrom(year: number, month: number, delta: number): string {
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function heavyRoutes(accountId: number, month: number, year: number): HeavyRoute[] {
  return [
    { answer: 'all accounts\' month', slug: 'all-accounts-month', url: `/api/accounts/transactions/month/${month}/year/${year}`, countRows: countNested },
    { answer: 'one account\'s month', slug: 'one-account-month', url: `/api/accounts/${accountId}/transactions/month/${month}/year/${year}`, countRows: countList },
    { answer: 'budgets month', slug: 'budgets-month', url: `/api/budgets/month/${month}/year/${year}`, countRows: countBudgets },
    { answer: 'insights, 12 months', slug: 'insights', url: `/api/insights?from=${monthKeyFrom(year, month, -11)}&to=${monthKeyFrom(year, month, 0)}`, countRows: countInsights },
  ];
}

interface Seeded {
  token: string;
  userId: number;
  accountId: number;
  month: number;
  year: number;
}

/** Registers the bench user through `register` and seeds the ledger stage's data set for it. */
async function seed(handle: DatabaseHandle, register: () => Promise<{ token: string; userId: number }>, transactions: number): Promise<Seeded> {
  const user = await register();
  const bookId = await personalBookId(handle.db, user.userId);
  const seeded = await seedLedger(handle, bookId, new Date(), { ...DEFAULT_SEED, transactions });
  await seedBudgets(handle, bookId, new Date());
  await analyze(handle);
  return { ...user, accountId: seeded.accountIds[0]!, ...seeded.month };
}

async function injectRegister(app: FastifyInstance): Promise<{ token: string; userId: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { plan: 'free', email: 'rebuild-bench@example.com', password: 'Mindful123', password_confirmation: 'Mindful123', timezone: 0 },
  });
  const body = response.json<{ api_token?: string; user?: { id: number } }>();
  if (response.statusCode !== 201 || !body.api_token || !body.user) throw new Error(`POST /api/register answered ${response.statusCode}: ${response.body}`);
  return { token: body.api_token, userId: body.user.id };
}

/** CPU milliseconds (user + system) this process has used so far. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Wall and CPU milliseconds of `work`. */
async function timed(work: () => unknown): Promise<{ wall: number; cpu: number }> {
  const wall = performance.now();
  const cpu = cpuMs();
  await work();
  return { wall: performance.now() - wall, cpu: cpuMs() - cpu };
}

/**
 * Rebuild time and JSON.stringify floor of each heavy answer, in this process. The floor is timed
 * right after each rebuild, so both meet the same moment of a machine that other work shares.
 */
async function measureRebuilds(app: FastifyInstance, queryFloor: SqlFloor, seeded: Seeded, trials: number, profile: Profile): Promise<RebuildRow[]> {
  const authorization = `Bearer ${seeded.token}`;
  const rows: RebuildRow[] = [];
  for (const route of heavyRoutes(seeded.accountId, seeded.month, seeded.year)) {
    const plain = await app.inject({ method: 'GET', url: route.url, headers: { authorization } });
    if (plain.statusCode !== 200) throw new Error(`GET ${route.url} answered ${plain.statusCode}: ${plain.body.slice(0, 300)}`);
    const answer: unknown = JSON.parse(plain.body);
    const times: Array<{ wall: number; cpu: number }> = [];
    const floors: Array<{ wall: number; cpu: number }> = [];
    const queryTimes: Array<{ wall: number; cpu: number }> = [];
    const compressions: Array<{ wall: number; cpu: number }> = [];
    const json = Buffer.from(plain.body);
    let statements: CompiledQuery[] = [];
    await profile(route.slug, async () => {
      // One untimed round first: the JIT's warm-up, not a figure.
      for (let trial = 0; trial <= trials; trial += 1) {
        const created = await app.inject({
          method: 'POST',
          url: `/api/accounts/${seeded.accountId}/transactions`,
          headers: { authorization },
          payload: { type: 'expense', amount: 1, date: '2001-01-01' },
        });
        if (created.statusCode !== 201) throw new Error(`adding a transaction answered ${created.statusCode}: ${created.body}`);
        let status = 0;
        const rebuild = async () => {
          status = (await app.inject({ method: 'GET', url: route.url, headers: { authorization, 'accept-encoding': BROWSER_ENCODINGS } })).statusCode;
        };
        // The untimed round records which statements a rebuild runs; the timed ones replay them.
        const elapsed = trial === 0 ? await timed(async () => { statements = await queryFloor.recorder.record(queryFloor.db, rebuild); }) : await timed(rebuild);
        if (status !== 200) throw new Error(`GET ${route.url} answered ${status}`);
        // The answer cache compresses the kept copy harder right after answering, in the thread
        // pool (docs/DECISIONS.md #61); this process's CPU time counts every thread, so the floors
        // are timed once that is done rather than beside it.
        await new Promise((resolve) => setTimeout(resolve, REFINEMENT_WAIT_MS));
        const floor = await timed(() => JSON.stringify(answer));
        const queries = await timed(() => runQueries(queryFloor.db, statements));
        const compression = await timed(() => brotliCompressSync(json, FAST_BROTLI(json.length)));
        if (trial > 0) {
          times.push(elapsed);
          floors.push(floor);
          queryTimes.push(queries);
          compressions.push(compression);
        }
        const { id } = created.json<{ id: number }>();
        await app.inject({ method: 'DELETE', url: `/api/transactions/${id}`, headers: { authorization } });
      }
    });
    rows.push({ answer: route.answer, rows: route.countRows(answer), bytes: Buffer.byteLength(plain.body), rebuildMs: median(times.map((t) => t.wall)),
      stringifyMs: median(floors.map((t) => t.wall)),
      rebuildCpuMs: median(times.map((t) => t.cpu)),
      stringifyCpuMs: median(floors.map((t) => t.cpu)),
      statements: statements.length,
      queriesMs: median(queryTimes.map((t) => t.wall)),
      queriesCpuMs: median(queryTimes.map((t) => t.cpu)),
      compressMs: median(compressions.map((t) => t.wall)),
      compressCpuMs: median(compressions.map((t) => t.cpu)),
      queriesUnanalyzedMs: queryFloor.sqlite ? sqlWithoutStatistics(queryFloor.sqlite, statements, trials) : null,
    });
  }
  return rows;
}

type Profile = (name: string, work: () => Promise<void>) => Promise<void>;

/**
 * What the SQL floor needs: the app's database (unwrapped), the recorder the app runs with and, on
 * SQLite, the connection whose file the statements run on again without planner statistics.
 */
interface SqlFloor {
  db: Kysely<Database>;
  recorder: AnswerQueryRecorder;
  sqlite: SQLite.Database | undefined;
}

/** Runs `work` under V8's CPU profiler when `dir` is set, writing `<name>.cpuprofile` there. */
async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function productionConfig(env: Record<string, string>) {
  // On PostgreSQL the configuration needs the two shared keys (DECISIONS.md #93).
  return loadConfig(withSharedKeys({ NODE_ENV: 'production', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...env }));
}

async function rebuildsOn(dialect: Dialect, handle: DatabaseHandle, env: Record<string, string>, options: RebuildOptions): Promise<RebuildRow[]> {
  await migrateToLatest(handle);
  const recorder = new AnswerQueryRecorder();
  // The same connection and driver; the plugin only notes the queries while a rebuild is recorded.
  const recorded = handle.db.withPlugin(recorder);
  shareSqliteConnection(handle.db, recorded);
  const app = await buildApp({ config: productionConfig(env), database: { ...handle, db: recorded }, serveWeb: false });
  try {
    await app.ready();
    const seeded = await seed(handle, () => injectRegister(app), options.transactions);
    console.log(`  ${dialect}: seeded; timing ${options.trials} rebuilds of each answer...`);
    if (dialect === 'PostgreSQL') {
      // What autovacuum does soon after a bulk load: sets the visibility map, without which
      // PostgreSQL's index-only scans read every row's page anyway (docs/DECISIONS.md #61).
      await sql`vacuum analyze`.execute(handle.db);
    }
    const profile: Profile = (name, work) => profiled(options.cpuProfDir, `rebuild-${dialect.toLowerCase()}-${name}`, work);
    return await measureRebuilds(app, { db: handle.db, recorder, sqlite: sqliteConnectionOf(handle.db) }, seeded, options.trials, profile);
  } finally {
    await app.close();
  }
}

function rebuildTable(results: Partial<Record<Dialect, RebuildRow[]>>, trials: number): string {
  const lines = [
    `| answer rebuilt after a write (median of ${trials}) | rows | JSON | SQLite: rebuild / JSON.stringify = ratio; floor: SQL alone + JSON + brotli 1 | SQLite, CPU time: the same | SQLite: SQL alone without planner statistics (a deployed database) | PostgreSQL: the same as SQLite's first | goal |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const reference = results.SQLite ?? results.PostgreSQL ?? [];
  for (const [index, row] of reference.entries()) {
    const cell = (dialect: Dialect, cpu = false) => {
      const found = results[dialect]?.[index];
      if (!found) return 'skipped';
      const [rebuild, json, queries, brotli] = cpu
        ? [found.rebuildCpuMs, found.stringifyCpuMs, found.queriesCpuMs, found.compressCpuMs]
        : [found.rebuildMs, found.stringifyMs, found.queriesMs, found.compressMs];
      const floor = queries + json + brotli;
      return `${rebuild.toFixed(1)} / ${json.toFixed(2)} ms = ${(rebuild / json).toFixed(1)}×; floor ${queries.toFixed(1)} + ${json.toFixed(2)} + ${brotli.toFixed(2)} = ${floor.toFixed(1)} ms = ${(floor / json).toFixed(1)}× (SQL: ${found.statements} statements)`;
    };
    const sqlite = results.SQLite?.[index];
    const unanalyzed = sqlite?.queriesUnanalyzedMs != null ? `${sqlite.queriesUnanalyzedMs.toFixed(1)} ms (${(sqlite.queriesUnanalyzedMs / sqlite.queriesMs).toFixed(2)}× with them)` : 'skipped';
    lines.push(`| ${row.answer} | ${row.rows.toLocaleString('en-US')} | ${(row.bytes / 1024).toFixed(0)} kB | ${cell('SQLite')} | ${cell('SQLite', true)} | ${unanalyzed} | ${cell('PostgreSQL')} | ≤ ${REBUILD_GOALS.ratio}× |`);
  }
  return lines.join('\n');
}

/** Runs the stage; returns its tables and the goals it missed. */
export async function benchRebuild(options: RebuildOptions): Promise<{ table: string; missed: string[] }> {
  const results: Partial<Record<Dialect, RebuildRow[]>> = {};
  console.log(`\nRebuild: ${options.transactions.toLocaleString('en-US')} transactions, answers rebuilt in this process`);
  const sqliteDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-rebuild-bench-'));
  try {
    const handle = openDatabase({ dataDir: sqliteDir });
    try {
      results.SQLite = await rebuildsOn('SQLite', handle, { DATA_DIR: sqliteDir }, options);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  if (options.postgresUrl) {
    const why = await postgresProblem(options.postgresUrl);
    if (why) console.log(`  PostgreSQL skipped: ${why}`);
    else {
      results.PostgreSQL = await withScratchDatabase(options.postgresUrl, 'mindspend_rebuild', async (databaseUrl) => {
        const handle = openDatabase({ databaseUrl, dataDir: '' });
        try {
          return await rebuildsOn('PostgreSQL', handle, { DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() }, options);
        } finally {
          await handle.close();
        }
      });
    }
  }

  console.log('\nPer-request path: the built server on SQLite under wrk');
  const wrkDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-rebuild-wrk-data-'));
  let requests: PerRequestRow[];
  try {
    requests = await perRequest(wrkDir, options, (handle, register) => seed(handle, register, options.transactions));
  } finally {
    rmSync(wrkDir, { recursive: true, force: true });
  }

  const missed: string[] = [];
  for (const [dialect, rows] of Object.entries(results)) {
    for (const row of rows) {
      const ratio = row.rebuildMs / row.stringifyMs;
      const floor = (row.queriesMs + row.stringifyMs + row.compressMs) / row.stringifyMs;
      if (ratio > REBUILD_GOALS.ratio) missed.push(`${dialect} ${row.answer} rebuild ${ratio.toFixed(1)}× JSON.stringify (its floor ${floor.toFixed(1)}×)`);
      // A plan that only planner statistics keep fast is slow on every deployed database.
      const unanalyzed = row.queriesUnanalyzedMs === null ? 1 : row.queriesUnanalyzedMs / row.queriesMs;
      if (unanalyzed > REBUILD_GOALS.unanalyzedSqlRatio) missed.push(`${dialect} ${row.answer} SQL ${unanalyzed.toFixed(1)}× slower without planner statistics`);
    }
  }
  const reused = requests.find((row) => row.route === REUSED_MONTH_ROUTE);
  if (reused && reused.p99Ms >= REBUILD_GOALS.reusedP99Ms) missed.push(`reused one-account month p99 ${reused.p99Ms.toFixed(1)} ms`);
  const table = `${rebuildTable(results, options.trials)}\n\n${requests.length ? perRequestTable(requests, options, REBUILD_GOALS.reusedP99Ms) : '(per-request rows skipped: no wrk)'}`;
  return { table, missed };
}

export function rebuildOptionsFromEnv(): RebuildOptions {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return {
    trials: Number(process.env.BENCH_REBUILD_TRIALS ?? 9),
    transactions: Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? DEFAULT_SEED.transactions),
    connections: Number(process.env.BENCH_LEDGER_CONNECTIONS ?? 50),
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    postgresUrl: postgresUrl === 'none' ? null : postgresUrl,
    cpuProfDir: process.env.BENCH_CPU_PROF_DIR,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchRebuild(rebuildOptionsFromEnv())
    .then(({ table, missed }) => {
      console.log(`\n${table}\n`);
      if (missed.length) console.log(`Rebuild goals missed (not enforced): ${missed.join('; ')}`);
    })
    .catch((error: unknown) => {
      console.error(`rebuild bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}
