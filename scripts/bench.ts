// `npm run bench`: start-up time, memory and throughput of the BUILT server (apps/server/dist/main.js),
// on the embedded SQLite database and, when one answers, on PostgreSQL. Prints a markdown table.
//
//   cold start   spawn → first 200 of GET /api/health, median of 5 starts, each on a fresh DATA_DIR
//   idle RSS     VmRSS of the server process after start-up and a few requests, read from /proc
//   throughput   autocannon on GET /api/health and on GET /api/month (bearer token of a new user)
//   ledger       200,000 transactions seeded, then the two month routes (scripts/bench/ledger-load.ts)
//   import       a 100,000-row CSV, upload to last row committed (scripts/bench/import-load.ts)
//   mixed        200 users reading with one write in ten, SQLite and PostgreSQL with 1 and 2
//                processes (scripts/bench/mixed-load.ts); its errors fail the command
//   many-users   the mixed load at 50 connections for 60 s (issue 18), wrk required
//                (scripts/bench/many-users-load.ts); its errors fail the command too
//   two-process  the one-account month and parallel writes on PostgreSQL, 1 process against 2
//                processes on one database (scripts/bench/two-process-load.ts); its errors too
//   rebuild      heavy answers rebuilt after a write against JSON.stringify of the same answer, and
//                wrk's p99 of a reused month against do-nothing routes (scripts/bench/rebuild-load.ts)
//   web          the ledger month in Chromium at 1× and 4× CPU throttling, cold and warm, and the
//                first-load bytes of each route (scripts/bench/web-load.ts)
//
// `npm run bench -- --stage=ledger,two-process` runs only the named stages (startup, ledger,
// import, mixed, many-users, two-process, web, rebuild); without --stage, all of them.
//
// Environment: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test; "none" skips PostgreSQL), BENCH_SERVER_ROOT
// (measure another checkout's build, e.g. a worktree of the commit before a change).
// Everything listens on 127.0.0.1; every server is killed at the end, also on error or Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchImports } from './bench/import-load';
import { benchManyUsers, manyUsersOptionsFromEnv } from './bench/many-users-load';
import { benchMixed, mixedOptionsFromEnv } from './bench/mixed-load';
import { benchRebuild, rebuildOptionsFromEnv } from './bench/rebuild-load';
import { selectedStages } from './bench/stages';
import { benchTwoProcesses } from './bench/two-process-load';
import { benchWeb, webOptionsFromEnv } from './bench/web-load';
// repoRoot and serverMain follow BENCH_SERVER_ROOT, so every stage measures the same build.
import { freePort, postgresProblem, repoRoot, serverMain, sleep } from './bench/server-process';
import { benchLedger, ledgerOptionsFromEnv } from './bench/ledger-load';

const host = '127.0.0.1';
const coldStarts = 5;
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const startTimeoutMs = 20_000;
// Room for the mixed-load stage (a seed per database and three load runs), the many-users stage
// (the same with three 60 s runs) and the web stage after the others.
const overallTimeoutMs = 34 * 60_000;
const goals = { coldStartS: 1.5, idleRssMb: 120 };

type Dialect = 'SQLite' | 'PostgreSQL';

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  startMs: number;
  output: string[];
}

interface LoadResult {
  reqPerS: number;
  p50: number;
  p99: number;
  failures: number;
}

interface DialectResult {
  coldStartS: number;
  coldStartsS: number[];
  coldStartCpuS: number;
  startRssMb: number;
  idleRssMb: number;
  health: LoadResult;
  month: LoadResult;
  loadedRssMb: number;
}

const servers = new Set<RunningServer>();

function killAll(): void {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  servers.clear();
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers`);
    killAll();
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`bench: gave up after ${overallTimeoutMs / 60_000} minutes`);
  killAll();
  process.exit(1);
}, overallTimeoutMs).unref();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ensureBuilt(): void {
  if (existsSync(serverMain)) return;
  console.log('bench: no build found, running `npm run build`...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(serverMain)) {
    throw new Error(`npm run build failed (exit ${build.status}); ${serverMain} is missing`);
  }
}

async function startServer(dialect: Dialect): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: host,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  if (dialect === 'PostgreSQL') env.DATABASE_URL = postgresUrl;

  const startMs = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: RunningServer = { child, baseUrl: `http://${host}:${port}`, dataDir, startMs, output: [] };
  servers.add(server);
  const keep = (chunk: Buffer) => {
    server.output.push(chunk.toString());
    if (server.output.length > 50) server.output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return server;
}

/** Milliseconds from spawn to the first 200 of GET /api/health. */
async function waitHealthy(server: RunningServer): Promise<number> {
  const deadline = server.startMs + startTimeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output.join('')}`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - server.startMs;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  throw new Error(`no 200 from /api/health within ${startTimeoutMs} ms:\n${server.output.join('')}`);
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const forced = sleep(5000).then(() => child.kill('SIGKILL'));
    await Promise.race([exited, forced]);
    await exited;
  }
  servers.delete(server);
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** CPU seconds (user + system) the process has used so far: less sensitive to a busy machine than wall time. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime are fields 14 and 15 of proc(5); counted here after the ")" that ends field 2.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

async function registerUser(server: RunningServer): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      plan: 'free',
      email,
      password: 'Mindful123',
      password_confirmation: 'Mindful123',
      timezone: 0,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { api_token?: string };
  if (!response.ok || !body.api_token) {
    throw new Error(`POST /api/register answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.api_token;
}

async function get(server: RunningServer, route: string, token?: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}${route}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}`);
}

async function load(server: RunningServer, route: string, token?: string): Promise<LoadResult> {
  const result = await autocannon({
    url: `${server.baseUrl}${route}`,
    connections,
    duration: durationS,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function benchDialect(dialect: Dialect): Promise<DialectResult> {
  const coldStartsS: number[] = [];
  const cpuS: number[] = [];
  for (let run = 1; run <= coldStarts; run++) {
    const server = await startServer(dialect);
    try {
      const ms = await waitHealthy(server);
      coldStartsS.push(ms / 1000);
      cpuS.push(cpuSeconds(server.child.pid!));
      console.log(
        `  ${dialect} cold start ${run}/${coldStarts}: ${(ms / 1000).toFixed(3)} s (server CPU ${cpuS.at(-1)!.toFixed(2)} s)`,
      );
    } finally {
      await stopServer(server);
    }
  }

  const server = await startServer(dialect);
  try {
    await waitHealthy(server);
    const pid = server.child.pid!;
    const startRssMb = rssMb(pid);
    const token = await registerUser(server);
    for (let i = 0; i < 10; i++) {
      await get(server, '/api/health');
      await get(server, '/api/month', token);
    }
    await sleep(2000);
    const idleRssMb = rssMb(pid);
    console.log(`  ${dialect} idle RSS: ${idleRssMb.toFixed(1)} MB`);
    console.log(`  ${dialect} load: GET /api/health for ${durationS} s...`);
    const health = await load(server, '/api/health');
    console.log(`  ${dialect} load: GET /api/month for ${durationS} s...`);
    const month = await load(server, '/api/month', token);
    const loadedRssMb = rssMb(pid);
    return {
      coldStartS: median(coldStartsS),
      coldStartsS,
      coldStartCpuS: median(cpuS),
      startRssMb,
      idleRssMb,
      health,
      month,
      loadedRssMb,
    };
  } finally {
    await stopServer(server);
  }
}

const fmt = {
  s: (value: number) => `${value.toFixed(2)} s`,
  mb: (value: number) => `${value.toFixed(0)} MB`,
  rps: (load: LoadResult) =>
    `${Math.round(load.reqPerS).toLocaleString('en-US')} req/s` +
    (load.failures ? ` (${load.failures} failed)` : ''),
  latency: (load: LoadResult) => `${load.p50} / ${load.p99} ms`,
};

function table(results: Partial<Record<Dialect, DialectResult>>, skippedWhy: string | null): string {
  const cell = (dialect: Dialect, pick: (result: DialectResult) => string) => {
    const result = results[dialect];
    return result ? pick(result) : dialect === 'PostgreSQL' && skippedWhy ? 'not run' : 'n/a';
  };
  const rows: [string, (result: DialectResult) => string, string][] = [
    [
      `Cold start to first 200 of GET /api/health (median of ${coldStarts})`,
      (r) => fmt.s(r.coldStartS),
      `< ${goals.coldStartS} s`,
    ],
    ['Server CPU time until that first 200 (median)', (r) => fmt.s(r.coldStartCpuS), '—'],
    ['RSS right after start-up', (r) => fmt.mb(r.startRssMb), '—'],
    ['Idle RSS after start-up and 20 requests', (r) => fmt.mb(r.idleRssMb), `< ${goals.idleRssMb} MB`],
    [
      `GET /api/health throughput (${connections} connections, ${durationS} s)`,
      (r) => fmt.rps(r.health),
      '—',
    ],
    ['GET /api/health latency p50 / p99', (r) => fmt.latency(r.health), '—'],
    [
      `GET /api/month throughput, signed in (${connections} connections, ${durationS} s)`,
      (r) => fmt.rps(r.month),
      '—',
    ],
    ['GET /api/month latency p50 / p99', (r) => fmt.latency(r.month), '—'],
    ['RSS after the load runs', (r) => fmt.mb(r.loadedRssMb), '—'],
  ];
  const lines = ['| metric | SQLite | PostgreSQL | goal |', '| --- | --- | --- | --- |'];
  for (const [metric, pick, goal] of rows) {
    lines.push(`| ${metric} | ${cell('SQLite', pick)} | ${cell('PostgreSQL', pick)} | ${goal} |`);
  }
  return lines.join('\n');
}

/** The start-up, memory and small-request figures, on SQLite and (when it answers) PostgreSQL. */
async function benchStartup(results: Partial<Record<Dialect, DialectResult>>): Promise<void> {
  console.log('\nSQLite (fresh DATA_DIR per start)');
  results.SQLite = await benchDialect('SQLite');

  const redacted = postgresUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  const skippedWhy = await postgresProblem(postgresUrl);
  if (skippedWhy) {
    console.log(
      postgresUrl === 'none'
        ? '\nPostgreSQL skipped (BENCH_DATABASE_URL=none)'
        : `\nPostgreSQL skipped: nothing answers at ${redacted} (${skippedWhy})`,
    );
  } else {
    console.log(`\nPostgreSQL (${redacted})`);
    results.PostgreSQL = await benchDialect('PostgreSQL');
  }

  console.log(`\n${table(results, skippedWhy)}\n`);
  for (const [dialect, result] of Object.entries(results)) {
    console.log(`${dialect} cold starts: ${result.coldStartsS.map((s) => s.toFixed(3)).join(', ')} s`);
  }
}

async function main(): Promise<void> {
  const stages = selectedStages(process.argv.slice(2));
  ensureBuilt();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `bench: Node ${process.version}, ${os.cpus().length} × ${cpu}, ${os.platform()} ${os.release()}`,
  );
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(`bench: load average ${loadAverage} (other work on the machine slows every figure down)`);

  const results: Partial<Record<Dialect, DialectResult>> = {};
  if (stages.has('startup')) await benchStartup(results);

  // The ledger stage (scripts/bench/ledger-load.ts): 200,000 transactions, the month routes at 50 connections.
  if (stages.has('ledger')) {
    const ledger = await benchLedger(ledgerOptionsFromEnv());
    console.log(`\n${ledger.table}\n`);
    if (ledger.missed.length) console.log(`Ledger goals missed (not enforced): ${ledger.missed.join('; ')}`);
  }

  // The rebuild stage (scripts/bench/rebuild-load.ts): heavy answers rebuilt after a write against
  // their JSON.stringify floor, and the per-request path of a reused answer under wrk.
  if (stages.has('rebuild')) {
    const rebuild = await benchRebuild(rebuildOptionsFromEnv());
    console.log(`\n${rebuild.table}\n`);
    if (rebuild.missed.length) console.log(`Rebuild goals missed (not enforced): ${rebuild.missed.join('; ')}`);
  }

  // The import stage (scripts/bench/import-load.ts): a 100,000-row CSV from upload to last row committed.
  if (stages.has('import')) {
    const imports = await benchImports({ rows: Number(process.env.BENCH_IMPORT_ROWS ?? 100_000), rules: Number(process.env.BENCH_IMPORT_RULES ?? 50), postgresUrl });
    console.log(`\n${imports.table}\n`);
    if (imports.missed.length) console.log(`Import goals missed (not enforced): ${imports.missed.join('; ')}`);
  }

  // The mixed-load stage (scripts/bench/mixed-load.ts): 200 users, one write in ten, 1 and 2 processes.
  const loadErrors: string[] = [];
  if (stages.has('mixed')) {
    const mixed = await benchMixed(mixedOptionsFromEnv());
    console.log(`\n${mixed.table}\n`);
    loadErrors.push(...mixed.errors);
  }

  // The many-users stage (scripts/bench/many-users-load.ts): the mixed load for 60 s; needs wrk.
  if (stages.has('many-users')) {
    const many = await benchManyUsers(manyUsersOptionsFromEnv());
    console.log(`\n${many.table}\n`);
    loadErrors.push(...many.errors);
  }

  // The two-process stage (scripts/bench/two-process-load.ts): 1 against 2 processes on PostgreSQL.
  if (stages.has('two-process')) {
    const two = await benchTwoProcesses(mixedOptionsFromEnv());
    console.log(`\n${two.table}\n`);
    loadErrors.push(...two.errors);
  }

  // The web stage (scripts/bench/web-load.ts): the ledger month in Chromium, 1× and 4× CPU.
  if (stages.has('web')) {
    const web = await benchWeb(webOptionsFromEnv());
    console.log(`\n${web.table}\n`);
    if (web.missed.length) console.log(`Web goals missed (not enforced): ${web.missed.join('; ')}`);
  }

  // The goals are the default set-up's (embedded SQLite): they and the mixed stage's errors decide
  // the exit status. The mixed stage has no speed goal: its figures are for comparison.
  // PostgreSQL figures depend on the database server's own load and are reported, not enforced.
  const missed: string[] = [];
  const warnings: string[] = [];
  for (const [dialect, result] of Object.entries(results)) {
    const target = dialect === 'SQLite' ? missed : warnings;
    if (result.coldStartS >= goals.coldStartS)
      target.push(`${dialect} cold start ${fmt.s(result.coldStartS)}`);
    if (result.idleRssMb >= goals.idleRssMb) target.push(`${dialect} idle RSS ${fmt.mb(result.idleRssMb)}`);
  }
  if (warnings.length) console.log(`\nAbove the goals (not enforced): ${warnings.join('; ')}`);
  if (loadErrors.length) {
    console.error(`\nLoad errors: ${loadErrors.join('; ')}`);
    process.exitCode = 1;
  }
  if (missed.length) {
    console.error(`\nGoals missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else if (stages.has('startup')) {
    console.log(`\nSQLite goals met: cold start < ${goals.coldStartS} s, idle RSS < ${goals.idleRssMb} MB.`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => {
    killAll();
    // autocannon and fetch keep sockets around for a moment; do not wait for them.
    process.exit(process.exitCode ?? 0);
  });
