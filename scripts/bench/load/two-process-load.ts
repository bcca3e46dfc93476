// The two-process stage of `npm run bench` (issue 14): does a second server process on the same
// PostgreSQL database add capacity? On one seeded database (mixed-seed.ts: 200 users with 300
// transactions and 12 budgets each), wrk (2 threads, 50 connections) runs two workloads, each
// against one process and then against two processes (one wrk thread per process, as behind a
// load balancer):
//   - the one-account month: every request a random user's current month of one of its accounts;
//   - parallel writes: every request a random user's next write (mixed-requests.ts: a new
//     transaction, a PATCH of one, a bill's month paid or unpaid, a budget's month amount), so
//     one user's writes race across the two processes under the per-user lock.
// It has no speed goal; it fails on errors as the mixed stage does (5xx, a 4xx other than a
// conflict's, socket errors).
//
// Runs on its own too: `node --import tsx scripts/bench/load/two-process-load.ts`, or
// `npm run bench -- --stage=two-process`. Environment: as mixed-load.ts.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../apps/server/src/db/connection';
import {
  type MixedBenchOptions,
  type MixedRun,
  loadRun,
  mixedOptionsFromEnv,
  non2xx,
  seed,
  socketErrors,
  withServers,
} from './mixed-load';
import { postgresProblem, serverMain, withScratchDatabase } from '../../support/server-process';
import type { RequestMix } from './wrk-lua';
import { wrkProblem } from './wrk-run';

const MONTH_ONLY: RequestMix = { oneAccountMonth: 100, allAccountsMonth: 0, budgetsMonth: 0, insights: 0, write: 0 };
const WRITES_ONLY: RequestMix = { oneAccountMonth: 0, allAccountsMonth: 0, budgetsMonth: 0, insights: 0, write: 100 };

const WORKLOADS = [
  { name: 'one-account month', mix: MONTH_ONLY },
  { name: 'parallel writes', mix: WRITES_ONLY },
] as const;

interface WorkloadRuns {
  name: string;
  one: MixedRun;
  two: MixedRun;
}

const count = (n: number) => n.toLocaleString('en-US');
const cell = (run: MixedRun) =>
  `${count(Math.round(run.result.reqPerS))} req/s, ${run.result.p50Ms.toFixed(1)} / ${run.result.p99Ms.toFixed(1)} ms`;

export function twoProcessTable(workloads: WorkloadRuns[], options: MixedBenchOptions): string {
  return [
    `| PostgreSQL, ${options.users} users, ${options.connections} connections, ${options.durationS} s | 1 process: req/s, p50 / p99 | 2 processes on one database: req/s, p50 / p99 | 2 ÷ 1 | non-2xx (1 / 2 processes) |`,
    '| --- | --- | --- | --- | --- |',
    ...workloads.map(
      ({ name, one, two }) =>
        `| ${name} | ${cell(one)} | ${cell(two)} | ${(two.result.reqPerS / one.result.reqPerS).toFixed(2)} | ${non2xx(one.result).cell} / ${non2xx(two.result).cell} |`,
    ),
  ].join('\n');
}

/** Runs the stage; `errors` is empty when every answer was 2xx or an expected conflict and no socket failed. */
export async function benchTwoProcesses(options: MixedBenchOptions): Promise<{ table: string; errors: string[] }> {
  const skip = (why: string) => {
    console.log(`\nTwo-process stage skipped: ${why}`);
    return { table: `Two-process stage skipped: ${why}`, errors: [] };
  };
  const noWrk = wrkProblem();
  if (noWrk) return skip(noWrk);
  if (!options.postgresUrl) return skip('BENCH_DATABASE_URL=none');
  const noPostgres = await postgresProblem(options.postgresUrl);
  if (noPostgres) return skip(noPostgres);

  console.log(`\nTwo processes on one PostgreSQL database (${serverMain}), a database of its own, dropped afterwards`);
  const workloads = await withScratchDatabase(options.postgresUrl, 'mindspend_two', async (databaseUrl) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() };
    const users = await seed(env, () => openDatabase({ databaseUrl, dataDir: '' }), options, 'PostgreSQL');
    const runs: WorkloadRuns[] = [];
    for (const { name, mix } of WORKLOADS) {
      const one = await withServers(env, 1, (servers) => loadRun(`${name}, 1 process`, servers, users, options, mix));
      const two = await withServers(env, 2, (servers) => loadRun(`${name}, 2 processes`, servers, users, options, mix));
      runs.push({ name, one, two });
    }
    return runs;
  });

  const errors: string[] = [];
  for (const run of workloads.flatMap(({ one, two }) => [one, two])) {
    const statuses = non2xx(run.result);
    if (statuses.unexpected) errors.push(`${run.label}: ${count(statuses.unexpected)} answers neither 2xx nor an expected conflict (${statuses.cell})`);
    const socket = socketErrors(run.result);
    if (socket.total) errors.push(`${run.label}: ${socket.cell} socket errors`);
  }
  return { table: twoProcessTable(workloads, options), errors };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = mixedOptionsFromEnv();
  benchTwoProcesses(options)
    .then(({ table, errors }) => {
      console.log(`\n${table}\n`);
      if (errors.length) {
        console.error(`Two-process stage errors: ${errors.join('; ')}`);
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(`two-process bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}
