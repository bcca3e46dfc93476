// `npm run bench`: the BUILT server (apps/server/dist/main.js) measured stage by stage, on the
// embedded SQLite database and, when one answers, on PostgreSQL. Each stage prints a markdown table.
//
//   startup      cold start (spawn → first 200 of GET /api/health, median of 5 starts, each on a
//                fresh DATA_DIR), idle RSS from /proc, and autocannon on GET /api/health and on
//                GET /api/month (bearer token of a new user) (scripts/bench/load/startup-load.ts)
//   ledger       200,000 transactions seeded, then the two month routes (scripts/bench/load/ledger-load.ts)
//   currencies   the same month routes with accounts in one currency against three, A B A B A B
//                (scripts/bench/load/currencies-load.ts)
//   import       a 100,000-row CSV, upload to last row committed (scripts/bench/imports/import-load.ts)
//   mixed        200 users reading with one write in ten, SQLite and PostgreSQL with 1 and 2
//                processes (scripts/bench/load/mixed-load.ts); its errors fail the command
//   many-users   the mixed load at 50 connections for 60 s (issue 18), wrk required
//                (scripts/bench/load/many-users-load.ts); its errors fail the command too
//   two-process  the one-account month and parallel writes on PostgreSQL, 1 process against 2
//                processes on one database (scripts/bench/load/two-process-load.ts); its errors too
//   rebuild      heavy answers rebuilt after a write against JSON.stringify of the same answer, and
//                wrk's p99 of a reused month against do-nothing routes (scripts/bench/load/rebuild-load.ts)
//   web          the ledger month in Chromium at 1× and 4× CPU throttling, cold and warm, and the
//                first-load bytes of each route (scripts/bench/load/web-load.ts)
//
// `npm run bench -- --stage=ledger,two-process` runs only the named stages (startup, ledger,
// currencies, import, mixed, many-users, two-process, web, rebuild, receipts); without --stage, all of them.
//
// Environment: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test; "none" skips PostgreSQL), BENCH_SERVER_ROOT
// (measure another checkout's build, e.g. a worktree of the commit before a change).
// Everything listens on 127.0.0.1; every server is killed at the end, also on error or Ctrl-C.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { benchImports } from './bench/imports/import-load';
import { benchManyUsers, manyUsersOptionsFromEnv } from './bench/load/many-users-load';
import { benchMixed, mixedOptionsFromEnv } from './bench/load/mixed-load';
import { benchRebuild, rebuildOptionsFromEnv } from './bench/load/rebuild-load';
import { selectedStages } from './bench/stages';
import { benchAttachmentUpload } from './bench/receipts/attachment-upload';
import { benchReceipts } from './bench/receipts/receipt-read';
import {
  STARTUP_GOALS,
  type StartupResults,
  benchStartup,
  killStartupServers,
  startupGoalsMissed,
  startupOptionsFromEnv,
} from './bench/load/startup-load';
import { benchTwoProcesses } from './bench/load/two-process-load';
import { benchWeb, webOptionsFromEnv } from './bench/load/web-load';
import { benchWebWeight } from './bench/load/web-weight';
// repoRoot and serverMain follow BENCH_SERVER_ROOT, so every stage measures the same build.
import { repoRoot, serverMain } from './support/server-process';
import { benchLedger, ledgerOptionsFromEnv } from './bench/load/ledger-load';
import { benchCurrencies } from './bench/load/currencies-load';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Room for the mixed-load stage (a seed per database and three load runs), the many-users stage
// (the same with three 60 s runs) and the web stage after the others.
const overallTimeoutMs = 34 * 60_000;

// The startup stage keeps its own servers (scripts/bench/load/startup-load.ts), so they are killed here;
// scripts/support/server-process.ts kills the ones it started on exit, which Ctrl-C and the time-out reach too.
process.on('exit', killStartupServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping servers`);
    killStartupServers();
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`bench: gave up after ${overallTimeoutMs / 60_000} minutes`);
  killStartupServers();
  process.exit(1);
}, overallTimeoutMs).unref();

function ensureBuilt(): void {
  if (existsSync(serverMain)) return;
  console.log('bench: no build found, running `npm run build`...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(serverMain)) {
    throw new Error(`npm run build failed (exit ${build.status}); ${serverMain} is missing`);
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

  // The startup stage (scripts/bench/load/startup-load.ts): cold start, RSS and small requests.
  const startup: StartupResults = stages.has('startup') ? await benchStartup(startupOptionsFromEnv()) : {};

  // The ledger stage (scripts/bench/load/ledger-load.ts): 200,000 transactions, the month routes at 50 connections.
  if (stages.has('ledger')) {
    const ledger = await benchLedger(ledgerOptionsFromEnv());
    console.log(`\n${ledger.table}\n`);
    if (ledger.missed.length) console.log(`Ledger goals missed (not enforced): ${ledger.missed.join('; ')}`);
  }

  // The currencies stage (scripts/bench/load/currencies-load.ts): the month routes, one currency against three.
  if (stages.has('currencies')) {
    const currencies = await benchCurrencies(ledgerOptionsFromEnv());
    console.log(`\n${currencies.table}\n`);
  }

  // The rebuild stage (scripts/bench/load/rebuild-load.ts): heavy answers rebuilt after a write against
  // their JSON.stringify floor, and the per-request path of a reused answer under wrk.
  if (stages.has('rebuild')) {
    const rebuild = await benchRebuild(rebuildOptionsFromEnv());
    console.log(`\n${rebuild.table}\n`);
    if (rebuild.missed.length)
      console.log(`Rebuild goals missed (not enforced): ${rebuild.missed.join('; ')}`);
  }

  // The import stage (scripts/bench/imports/import-load.ts): a 100,000-row CSV from upload to last row committed.
  if (stages.has('import')) {
    const imports = await benchImports({
      rows: Number(process.env.BENCH_IMPORT_ROWS ?? 100_000),
      rules: Number(process.env.BENCH_IMPORT_RULES ?? 50),
      postgresUrl,
    });
    console.log(`\n${imports.table}\n`);
    if (imports.missed.length)
      console.log(`Import goals missed (not enforced): ${imports.missed.join('; ')}`);
  }

  // The mixed-load stage (scripts/bench/load/mixed-load.ts): 200 users, one write in ten, 1 and 2 processes.
  const loadErrors: string[] = [];
  if (stages.has('mixed')) {
    const mixed = await benchMixed(mixedOptionsFromEnv());
    console.log(`\n${mixed.table}\n`);
    loadErrors.push(...mixed.errors);
  }

  // The many-users stage (scripts/bench/load/many-users-load.ts): the mixed load for 60 s; needs wrk.
  if (stages.has('many-users')) {
    const many = await benchManyUsers(manyUsersOptionsFromEnv());
    console.log(`\n${many.table}\n`);
    loadErrors.push(...many.errors);
  }

  // The two-process stage (scripts/bench/load/two-process-load.ts): 1 against 2 processes on PostgreSQL.
  if (stages.has('two-process')) {
    const two = await benchTwoProcesses(mixedOptionsFromEnv());
    console.log(`\n${two.table}\n`);
    loadErrors.push(...two.errors);
  }

  // The web stage (scripts/bench/load/web-load.ts): the ledger month in Chromium, 1× and 4× CPU.
  if (stages.has('web')) {
    const web = await benchWeb(webOptionsFromEnv());
    console.log(`\n${web.table}\n`);
    if (web.missed.length) console.log(`Web goals missed (not enforced): ${web.missed.join('; ')}`);
    // Bytes as Chromium counts them and Lighthouse's mobile audit, each on a server of its own
    // (scripts/bench/load/web-weight.ts; DECISIONS.md #110).
    await benchWebWeight();
  }

  // The receipts stage (scripts/bench/receipts/receipt-read.ts): a photographed receipt read, goal < 5 s.
  if (stages.has('receipts')) {
    const receipts = await benchReceipts();
    console.log(`\n${receipts.table}\n`);
    // And the photo's way in over HTTP (scripts/bench/receipts/attachment-upload.ts), goal < 500 ms.
    const upload = await benchAttachmentUpload();
    console.log(`${upload.table}\n`);
    const missed = [...receipts.missed, ...upload.missed];
    if (missed.length) {
      console.error(`Receipt goal missed: ${missed.join('; ')}`);
      process.exitCode = 1;
    }
  }

  // The goals are the default set-up's (embedded SQLite): they and the mixed stage's errors decide
  // the exit status. The mixed stage has no speed goal: its figures are for comparison.
  // PostgreSQL figures depend on the database server's own load and are reported, not enforced.
  const { missed, warnings } = startupGoalsMissed(startup);
  if (warnings.length) console.log(`\nAbove the goals (not enforced): ${warnings.join('; ')}`);
  if (loadErrors.length) {
    console.error(`\nLoad errors: ${loadErrors.join('; ')}`);
    process.exitCode = 1;
  }
  if (missed.length) {
    console.error(`\nGoals missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else if (stages.has('startup')) {
    console.log(
      `\nSQLite goals met: cold start < ${STARTUP_GOALS.coldStartS} s, idle RSS < ${STARTUP_GOALS.idleRssMb} MB.`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => {
    killStartupServers();
    // autocannon and fetch keep sockets around for a moment; do not wait for them.
    process.exit(process.exitCode ?? 0);
  });
