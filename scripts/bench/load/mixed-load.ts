// The mixed-load stage of `npm run bench`: the app as people use it, many users at once, each
// mostly reading (its ledger month, one account and all, the budgets month, insights) with one
// write in ten (mixed-requests.ts), over 50 connections, driven by wrk (wrk-lua.ts, wrk-run.ts).
// Run on SQLite (one process), and on PostgreSQL with one process and with two processes on one
// database (one wrk, half its connections to each process's port). It has no speed goal, it is for
// comparison (before and after a change); it fails only on errors: 5xx, a 4xx other than a
// conflict's, or socket errors.
//
// Runs on its own too: `node --import tsx scripts/bench/load/mixed-load.ts`.
// Environment: BENCH_DURATION_S (10), BENCH_MIXED_CONNECTIONS (50), BENCH_MIXED_USERS (200),
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; "none" skips PostgreSQL),
// BENCH_SERVER_ROOT (serve another checkout's build, e.g. a worktree of the commit before a change).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '../../../apps/server/src/db/connection';
import { type RequestSpec, type UserRequests, MIX, userRequests } from './mixed-requests';
import { DEFAULT_MIXED_SEED, type SeededUser, seedMixed } from '../seed/mixed-seed';
import {
  type ServerProcess,
  postgresProblem,
  serverMain,
  sleep,
  startServer,
  stopServer,
  withScratchDatabase,
} from '../../support/server-process';
import { type RequestMix, renderWrkScript } from './wrk-lua';
import { type WrkResult, runWrk, wrkProblem } from './wrk-run';

export interface MixedBenchOptions {
  durationS: number;
  connections: number;
  users: number;
  /** null skips PostgreSQL. */
  postgresUrl: string | null;
}

export interface MixedRun {
  label: string;
  result: WrkResult;
}

// The users of one wrk thread are all the users: with two processes, each user's requests reach
// both, as behind a load balancer, which is what makes one user's writes race across processes.
const WRK_THREADS = 2;
const WARMUP_S = 2;
// Rebuilding answers after writes can take a while under load; measure it rather than cut it off.
const WRK_TIMEOUT_S = 10;
/**
 * A write that loses a race with the same user's other write may be refused by the rule it would
 * break ("a conflict answered as the rule's 422", issue 10): reported, not an error. Any other
 * 4xx means the bench sent a wrong request.
 */
const EXPECTED_4XX = new Set([409, 422]);

/** Sends each request once, in order, to `server`: a wrong path or body fails here with its answer, not as thousands of 4xx. */
async function preflight(server: ServerProcess, user: UserRequests): Promise<void> {
  const specs: RequestSpec[] = [
    ...user.reads.oneAccountMonth,
    user.reads.allAccountsMonth,
    user.reads.budgetsMonth,
    user.reads.insights,
    ...user.writes,
  ];
  for (const spec of specs) {
    const response = await fetch(`${server.baseUrl}${spec.path}`, {
      method: spec.method,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(spec.body && { 'content-type': 'application/json' }),
      },
      body: spec.body ?? null,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `preflight ${spec.method} ${spec.path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
  }
}

/** Warm-up, then the measured run, with every user's requests spread over `servers`, in MIX unless `mix` is given. */
export async function loadRun(
  label: string,
  servers: ServerProcess[],
  users: SeededUser[],
  options: MixedBenchOptions,
  mix: RequestMix = MIX,
): Promise<MixedRun> {
  const today = new Date();
  const requests = users.map((user) => userRequests(user, today));
  await preflight(servers[0]!, requests[0]!);
  await preflight(servers.at(-1)!, requests.at(-1)!);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-mixed-'));
  try {
    const script = path.join(dir, 'mixed.lua');
    writeFileSync(
      script,
      renderWrkScript(
        requests,
        servers.map((server) => Number(new URL(server.baseUrl).port)),
        mix,
      ),
    );
    const run = (durationS: number) =>
      runWrk({
        script,
        url: `${servers[0]!.baseUrl}/`,
        threads: WRK_THREADS,
        connections: options.connections,
        durationS,
        timeoutS: WRK_TIMEOUT_S,
      });
    // A short warm-up so the JIT, the answer caches and the database's caches are in their steady state.
    await run(WARMUP_S);
    await sleep(1000);
    console.log(
      `  ${label}: ${options.users} users, ${options.connections} connections, ${options.durationS} s...`,
    );
    const result = await run(options.durationS);
    console.log(
      `    ${Math.round(result.reqPerS)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(0)} ms; statuses ${JSON.stringify(result.statuses)}; answers per wrk thread ${result.perThread.join(' / ')}`,
    );
    return { label, result };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a server on the database, seeds through it and `connect`, and stops it: the load runs on fresh starts. */
export async function seed(
  env: NodeJS.ProcessEnv,
  connect: () => DatabaseHandle,
  options: MixedBenchOptions,
  label: string,
): Promise<SeededUser[]> {
  const started = performance.now();
  const server = await startServer(env);
  try {
    const handle = connect();
    try {
      const seeded = await seedMixed(server, handle, new Date(), {
        ...DEFAULT_MIXED_SEED,
        users: options.users,
      });
      const { transactions, budgets } = seeded.counts;
      console.log(
        `  ${label}: seeded ${seeded.users.length} users (signed up through the API), ${transactions.toLocaleString('en-US')} transactions, ${budgets.toLocaleString('en-US')} budgets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return seeded.users;
    } finally {
      await handle.close();
    }
  } finally {
    await stopServer(server);
  }
}

/** Starts `count` processes on one database, runs the load over them, stops them. */
export async function withServers(
  env: NodeJS.ProcessEnv,
  count: number,
  fn: (servers: ServerProcess[]) => Promise<MixedRun>,
): Promise<MixedRun> {
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startServer(env));
    return await fn(servers);
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}

async function benchSqlite(options: MixedBenchOptions): Promise<MixedRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-mixed-bench-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const users = await seed(env, () => openDatabase({ dataDir }), options, 'SQLite');
    return await withServers(env, 1, (servers) => loadRun('SQLite, 1 process', servers, users, options));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One seeded database of its own, loaded by one process then by two (it keeps the first run's few hundred writes). */
function benchPostgres(url: string, options: MixedBenchOptions): Promise<MixedRun[]> {
  return withScratchDatabase(url, 'mindspend_mixed', async (databaseUrl) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() };
    const users = await seed(env, () => openDatabase({ databaseUrl, dataDir: '' }), options, 'PostgreSQL');
    const one = await withServers(env, 1, (servers) =>
      loadRun('PostgreSQL, 1 process', servers, users, options),
    );
    const two = await withServers(env, 2, (servers) =>
      loadRun('PostgreSQL, 2 processes on one database', servers, users, options),
    );
    return [one, two];
  });
}

const count = (n: number) => n.toLocaleString('en-US');

export function non2xx(result: WrkResult): { total: number; unexpected: number; cell: string } {
  const failed = Object.entries(result.statuses)
    .map(([code, n]) => [Number(code), n] as const)
    .filter(([code]) => code < 200 || code > 299)
    .sort(([a], [b]) => a - b);
  const total = failed.reduce((sum, [, n]) => sum + n, 0);
  const unexpected = failed.filter(([code]) => !EXPECTED_4XX.has(code)).reduce((sum, [, n]) => sum + n, 0);
  const cell = total
    ? `${count(total)} (${failed.map(([code, n]) => `${code} × ${count(n)}`).join(', ')})`
    : '0';
  return { total, unexpected, cell };
}

export function socketErrors(result: WrkResult): { total: number; cell: string } {
  const kinds = Object.entries(result.socket).filter(([, n]) => n > 0);
  const total = kinds.reduce((sum, [, n]) => sum + n, 0);
  return {
    total,
    cell: total ? `${count(total)} (${kinds.map(([kind, n]) => `${kind} ${count(n)}`).join(', ')})` : '0',
  };
}

/** The markdown table of the stage. */
export function mixedTable(runs: MixedRun[], options: MixedBenchOptions, skipped: string[]): string {
  const writes = `${MIX.write} % writes`;
  const lines = [
    `| ${options.users} users, ${options.connections} connections, ${options.durationS} s, ${writes} | req/s | p50 | p99 | non-2xx | socket errors |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...runs.map(
      ({ label, result }) =>
        `| ${label} | ${count(Math.round(result.reqPerS))} | ${result.p50Ms.toFixed(1)} ms | ${result.p99Ms.toFixed(1)} ms | ${non2xx(result).cell} | ${socketErrors(result).cell} |`,
    ),
    ...skipped.map((why) => `| ${why} | — | — | — | — | — |`),
  ];
  return lines.join('\n');
}

/** Runs the stage; `errors` is empty when every answer was 2xx or an expected conflict and no socket failed. */
export async function benchMixed(options: MixedBenchOptions): Promise<{ table: string; errors: string[] }> {
  const noWrk = wrkProblem();
  if (noWrk) {
    console.log(`\nMixed load skipped: ${noWrk}`);
    return { table: `Mixed load skipped: ${noWrk}`, errors: [] };
  }
  console.log(
    `\nMixed load (${serverMain}): ${options.users} users, ${100 - MIX.write} % reads, ${MIX.write} % writes`,
  );
  const runs: MixedRun[] = [await benchSqlite(options)];
  const skipped: string[] = [];
  if (options.postgresUrl) {
    const why = await postgresProblem(options.postgresUrl);
    if (why) {
      console.log(`\nMixed load on PostgreSQL skipped: ${why}`);
      skipped.push(`PostgreSQL skipped: ${why.replace(/\|/g, '/')}`);
    } else {
      console.log('\nMixed load on PostgreSQL (a database of its own, dropped afterwards)');
      runs.push(...(await benchPostgres(options.postgresUrl, options)));
    }
  } else skipped.push('PostgreSQL skipped (BENCH_DATABASE_URL=none)');

  const errors: string[] = [];
  for (const { label, result } of runs) {
    const statuses = non2xx(result);
    if (statuses.unexpected)
      errors.push(
        `${label}: ${count(statuses.unexpected)} answers neither 2xx nor an expected conflict (${statuses.cell})`,
      );
    const socket = socketErrors(result);
    if (socket.total) errors.push(`${label}: ${socket.cell} socket errors`);
  }
  return { table: mixedTable(runs, options, skipped), errors };
}

/** Options from the environment, shared by bench.ts and a stand-alone run. */
export function mixedOptionsFromEnv(): MixedBenchOptions {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return {
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    connections: Number(process.env.BENCH_MIXED_CONNECTIONS ?? 50),
    users: Number(process.env.BENCH_MIXED_USERS ?? DEFAULT_MIXED_SEED.users),
    postgresUrl: postgresUrl === 'none' ? null : postgresUrl,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = mixedOptionsFromEnv();
  // Three runs with their warm-ups, plus seeding and start-ups: give up well after that.
  const limitS = 3 * (options.durationS + WARMUP_S + WRK_TIMEOUT_S) + 300;
  setTimeout(() => {
    console.error(`mixed bench: gave up after ${limitS} s`);
    process.exit(1);
  }, limitS * 1000).unref();
  benchMixed(options)
    .then(({ table, errors }) => {
      console.log(`\n${table}\n`);
      if (errors.length) {
        console.error(`Mixed load errors: ${errors.join('; ')}`);
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(
        `mixed bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}
