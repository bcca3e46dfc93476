// The many-users stage of `npm run bench` (issue 18): the mixed load of mixed-load.ts — 200 users
// with the bench data shape (mixed-seed.ts: 300 transactions over six months and 12 budgets each,
// 60,000 transactions in all), reading their ledger month, budgets month and insights with one
// write in ten — at 50 connections for a full 60 s, where the mixed stage's default is a quick
// 10 s. On SQLite with one process and on PostgreSQL with one and two processes on one database;
// it prints req/s, p50, p99, non-2xx answers and socket errors per run (docs/DECISIONS.md #64).
// wrk is required here: without it the stage stops and says how to install it.
//
// Runs on its own too: `node --import tsx scripts/bench/load/many-users-load.ts`.
// Environment: BENCH_MANY_USERS_DURATION_S (60), BENCH_MANY_USERS (200),
// BENCH_MANY_USERS_CONNECTIONS (50), BENCH_DATABASE_URL (as the other stages; "none" skips PostgreSQL).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MixedBenchOptions, benchMixed } from './mixed-load';
import { wrkProblem } from './wrk-run';

export const INSTALL_WRK = 'Install wrk: apt-get install -y wrk';

export function manyUsersOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MixedBenchOptions {
  const postgresUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return {
    durationS: Number(env.BENCH_MANY_USERS_DURATION_S ?? 60),
    connections: Number(env.BENCH_MANY_USERS_CONNECTIONS ?? 50),
    users: Number(env.BENCH_MANY_USERS ?? 200),
    postgresUrl: postgresUrl === 'none' ? null : postgresUrl,
  };
}

/** Null when the stage can run, else the message that stops it: how to install wrk. */
export function manyUsersProblem(problem: string | null = wrkProblem()): string | null {
  return problem === null ? null : `${INSTALL_WRK} (${problem})`;
}

/** Runs the stage; throws when wrk is missing, and returns the mixed stage's table and errors. */
export async function benchManyUsers(options: MixedBenchOptions): Promise<{ table: string; errors: string[] }> {
  const problem = manyUsersProblem();
  if (problem) throw new Error(problem);
  console.log(`\nMany users: ${options.users} users, ${options.connections} connections, ${options.durationS} s per run`);
  return benchMixed(options);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = manyUsersOptionsFromEnv();
  // Three runs with their warm-ups and time-outs, two seeds and the start-ups: give up well after.
  const limitS = 3 * (options.durationS + 12) + 600;
  setTimeout(() => {
    console.error(`many-users bench: gave up after ${limitS} s`);
    process.exit(1);
  }, limitS * 1000).unref();
  benchManyUsers(options)
    .then(({ table, errors }) => {
      console.log(`\n${table}\n`);
      if (errors.length) {
        console.error(`Many-users load errors: ${errors.join('; ')}`);
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(`many-users bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}
