// The per-request path of the rebuild stage (scripts/bench/load/rebuild-load.ts): the BUILT server on
// SQLite under wrk (2 threads) on a do-nothing route, a signed-in tiny answer and the reused
// one-account month, and a do-nothing Node server sending that month's exact bytes (the floor of
// its p99 on the same cores), with each server's CPU per answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../../apps/server/src/db/connection';
import { startStaticCopy } from '../load/load-ceiling';
import { cpuSeconds } from '../measures';
import { registerUser, startServer, stopServer } from '../../support/server-process';
import { runWrk, wrkProblem } from '../load/wrk-run';
import { renderWrkScript } from '../load/wrk-lua';

/** What a browser sends with every request. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** The row the p99 goal is about. */
export const REUSED_MONTH_ROUTE = 'GET one account\'s month, reused (brotli)';

export interface PerRequestOptions {
  connections: number;
  durationS: number;
  /** Writes the wrk-loaded server's CPU profile there. */
  cpuProfDir?: string | undefined;
}

/** The signed-up user and the month the load asks for. */
export interface SeededUser {
  token: string;
  accountId: number;
  month: number;
  year: number;
}

/** Seeds the bench's data set for a user registered through `register`. */
export type SeedUser = (handle: DatabaseHandle, register: () => Promise<{ token: string; userId: number }>) => Promise<SeededUser>;

export interface PerRequestRow {
  route: string;
  reqPerS: number;
  /** Server CPU milliseconds (user + system) per answer: far steadier than latency on a shared machine. */
  cpuMsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** wrk on a do-nothing route, a signed-in tiny answer and the reused one-account month. */
export async function perRequest(dataDir: string, options: PerRequestOptions, seedUser: SeedUser): Promise<PerRequestRow[]> {
  const why = wrkProblem();
  if (why) {
    console.log(`  per-request: skipped, ${why}`);
    return [];
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  let server = await startServer(env);
  let seeded: SeededUser;
  try {
    const handle = openDatabase({ dataDir });
    try {
      seeded = await seedUser(handle, () => registerUser(server, 'rebuild-wrk@example.com'));
    } finally {
      await handle.close();
    }
  } finally {
    await stopServer(server);
  }
  // A fresh start on the seeded database, as after a deploy: a server that was already running
  // when the planner statistics were written prepares its statements differently from one that
  // opens a database which has them (docs/DECISIONS.md #72).
  server = await startServer(env, options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []);
  try {
    const month = `/api/accounts/${seeded.accountId}/transactions/month/${seeded.month}/year/${seeded.year}`;
    const app = { baseUrl: server.baseUrl, pid: server.child.pid! };
    const targets = [
      { route: 'GET /api/health (does nothing)', path: '/api/health', ...app },
      { route: 'GET /api/user (signed in, tiny answer)', path: '/api/user', ...app },
      { route: REUSED_MONTH_ROUTE, path: month, ...app },
    ];
    const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-rebuild-wrk-'));
    const rows: PerRequestRow[] = [];
    /** wrk on one route of one server, with the server's CPU per answer. */
    const load = async (target: (typeof targets)[number]): Promise<PerRequestRow> => {
      const spec = { method: 'GET' as const, path: target.path };
      const script = path.join(scriptDir, 'one-route.lua');
      const user = { token: seeded.token, reads: { oneAccountMonth: [spec], allAccountsMonth: spec, budgetsMonth: spec, insights: spec }, writes: [spec] };
      const port = Number(new URL(target.baseUrl).port);
      writeFileSync(script, renderWrkScript([user], [port], { oneAccountMonth: 100, allAccountsMonth: 0, budgetsMonth: 0, insights: 0, write: 0 }));
      const run = (durationS: number) => runWrk({ script, url: target.baseUrl, threads: 2, connections: options.connections, durationS, timeoutS: 10 });
      await run(2); // warm-up: the answer is built and the JIT settles
      const cpuBefore = cpuSeconds(target.pid);
      const result = await run(options.durationS);
      const cpuMsPerRequest = ((cpuSeconds(target.pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
      const failures = Object.entries(result.statuses).reduce((sum, [status, count]) => sum + (status === '200' ? 0 : count), 0) + result.socket.connect + result.socket.read + result.socket.write + result.socket.timeout;
      console.log(`  ${target.route}: ${Math.round(result.reqPerS)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${cpuMsPerRequest.toFixed(3)} ms CPU each`);
      return { route: target.route, reqPerS: result.reqPerS, cpuMsPerRequest, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failures };
    };
    try {
      for (const target of targets) rows.push(await load(target));
      // The floor of the reused month's p99: the same bytes and headers from a server that does
      // nothing else, under the same wrk load on the same cores.
      const copy = await startStaticCopy(`${server.baseUrl}${month}`, { authorization: `Bearer ${seeded.token}`, 'accept-encoding': BROWSER_ENCODINGS });
      try {
        rows.push(await load({ route: STATIC_COPY_ROUTE, path: '/', baseUrl: copy.baseUrl, pid: copy.pid }));
      } finally {
        copy.stop();
      }
    } finally {
      rmSync(scriptDir, { recursive: true, force: true });
    }
    return rows;
  } finally {
    await stopServer(server);
  }
}

/** The per-request row of the month's bytes sent by a do-nothing server. */
export const STATIC_COPY_ROUTE = 'the same month bytes from a do-nothing Node server (floor)';

export function perRequestTable(rows: PerRequestRow[], options: PerRequestOptions, goalP99Ms: number): string {
  const lines = [
    `| SQLite, built server, wrk ${options.connections} connections, ${options.durationS} s | throughput | p50 / p99 | server CPU per request | goal |`,
    '| --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const goal = row.route === REUSED_MONTH_ROUTE ? `p99 < ${goalP99Ms} ms` : '—';
    lines.push(`| ${row.route} | ${Math.round(row.reqPerS).toLocaleString('en-US')} req/s${row.failures ? ` (${row.failures} failed)` : ''} | ${row.p50Ms.toFixed(1)} / ${row.p99Ms.toFixed(1)} ms | ${row.cpuMsPerRequest.toFixed(3)} ms | ${goal} |`);
  }
  return lines.join('\n');
}

