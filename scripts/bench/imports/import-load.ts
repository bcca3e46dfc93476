// The import stage of `npm run bench`: a generated 100,000-row CSV uploaded to the BUILT server,
// timed from the start of the upload to the job's last row committed, on SQLite and PostgreSQL,
// while probes keep asking GET /api/health and, as a second signed-in user, GET /api/accounts, to
// show the server still answers during the import: the event loop and the database both.
//
// Beside each import it measures floors (import-floor.ts): the same rows inserted bare into one
// SQLite table in one transaction, and into the ledger's own table; the goals are ratios measured
// in the same run (docs/DECISIONS.md #63), which the loaded shared machine weighs on alike.
//
// Runs on its own too: `node --import tsx scripts/bench/imports/import-load.ts`.
// A second SQLite run imports the same file for a user with BENCH_IMPORT_RULES categorization rules
// (scripts/bench/imports/import-rules.ts; 0 skips it).
// Environment: BENCH_IMPORT_ROWS (100000), BENCH_IMPORT_RULES (50), BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/test; "none" skips), BENCH_CPU_PROF_DIR (V8 CPU profiles of
// each server and its threads, written to that folder).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bareSqliteFloor, floorRows, ledgerPostgresFloor, ledgerSqliteFloor } from './import-floor';
import { createBenchRules } from './import-rules';
import { generateCsv } from '../../support/statement-csv';
import {
  type ServerProcess,
  postgresProblem,
  registerUser,
  sleep,
  startServer,
  stopServer,
  withScratchDatabase,
} from '../../support/server-process';

/**
 * SQLite: import within 5× the bare floor; PostgreSQL: within 1.2× of SQLite's import (issue 18);
 * with 50 rules, above 25,000 rows/s (issue 15).
 */
export const IMPORT_GOALS = {
  seconds: 10,
  healthP99Ms: 100,
  overBareFloor: 5,
  postgresOverSqlite: 1.2,
  rulesRowsPerS: 25_000,
};

export interface ImportResult {
  rows: number;
  seconds: number;
  rowsPerS: number;
  healthP99Ms: number;
  healthMaxMs: number;
  /** Another user's GET /api/accounts (a database read behind authentication) during the import. */
  readP99Ms: number;
  readMaxMs: number;
  /** Probe answers that were not 2xx (or did not arrive); both should be 0. */
  healthFailures: number;
  readFailures: number;
  status: string;
}

/**
 * Asks each target every 20 ms, each in a loop of its own, until told to stop; then posts, per
 * target, the latencies (ms) and how many answers were not 2xx.
 */
const PROBES = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
async function probe({ url, headers }) {
  const latencies = [];
  let failures = 0;
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { latencies, failures };
}
Promise.all(workerData.map(probe)).then((results) => parentPort.postMessage(results));
`;

interface ProbeTarget {
  url: string;
  headers: Record<string, string>;
}

interface Probed {
  latencies: number[];
  failures: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function importOnce(server: ServerProcess, rows: number, rules: number): Promise<ImportResult> {
  const { token } = await registerUser(server, 'import-bench@example.com');
  const auth = { authorization: `Bearer ${token}` };
  await createBenchRules(server.baseUrl, auth, rules);
  const reader = await registerUser(server, 'import-bench-reader@example.com');
  const readerAuth = { authorization: `Bearer ${reader.token}` };
  await createAccount(server, readerAuth, 'Reader Checking');
  const accountId = await createAccount(server, auth, 'Bench Checking');
  const form = new FormData();
  form.append('account_id', String(accountId));
  form.append('file', new Blob([generateCsv(rows)], { type: 'text/csv' }), 'bench.csv');

  // The probes run in a worker thread: the upload keeps this thread busy, and that must not be
  // counted as the server's slowness.
  const targets: ProbeTarget[] = [
    { url: `${server.baseUrl}/api/health`, headers: {} },
    { url: `${server.baseUrl}/api/accounts`, headers: readerAuth },
  ];
  const probe = new Worker(PROBES, { eval: true, workerData: targets });
  const probed = new Promise<Probed[]>((resolve) => probe.once('message', resolve));

  const started = performance.now();
  const upload = await fetch(`${server.baseUrl}/api/upload-transactions`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const job = (await upload.json()) as { id?: number; message?: string };
  if (upload.status !== 202 || job.id === undefined)
    throw new Error(`upload answered ${upload.status}: ${JSON.stringify(job)}`);
  let status = 'queued';
  const deadline = Date.now() + 5 * 60_000;
  while (status === 'queued' || status === 'processing') {
    if (Date.now() > deadline) throw new Error('the import did not finish within 5 minutes');
    await sleep(100);
    const response = await fetch(`${server.baseUrl}/api/imports/${job.id}`, { headers: auth });
    status = ((await response.json()) as { status: string }).status;
  }
  const seconds = (performance.now() - started) / 1000;
  probe.postMessage('stop');
  const [health = { latencies: [], failures: 0 }, read = { latencies: [], failures: 0 }] = await probed;
  await probe.terminate();
  return {
    rows,
    seconds,
    rowsPerS: rows / seconds,
    healthP99Ms: percentile(health.latencies, 99),
    healthMaxMs: Math.max(...health.latencies),
    healthFailures: health.failures,
    readP99Ms: percentile(read.latencies, 99),
    readMaxMs: Math.max(...read.latencies),
    readFailures: read.failures,
    status,
  };
}

/** Creates a checking account through the API and returns its id. */
async function createAccount(
  server: ServerProcess,
  auth: Record<string, string>,
  name: string,
): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/accounts`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      account_type_id: 2,
      most_recent_balance: { current_balance: 1000, date: '2022-01-01' },
    }),
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || body.id === undefined)
    throw new Error(`POST /api/accounts answered ${response.status}: ${JSON.stringify(body)}`);
  return body.id;
}

async function bench(env: NodeJS.ProcessEnv, rows: number, rules = 0): Promise<ImportResult> {
  // BENCH_CPU_PROF_DIR: a V8 CPU profile of the server and of each of its threads (the import thread).
  const profDir = process.env.BENCH_CPU_PROF_DIR;
  const server = await startServer(env, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
  try {
    return await importOnce(server, rows, rules);
  } finally {
    await stopServer(server);
  }
}

/** Seconds of the floors (import-floor.ts), each measured next to the import it is compared with. */
interface Floors {
  bare: number;
  ledgerSqlite: number;
  ledgerPostgres: number | null;
}

export async function benchImports(options: {
  rows: number;
  rules: number;
  postgresUrl: string;
}): Promise<{ table: string; missed: string[] }> {
  const results: Record<string, ImportResult | string> = {};
  const rows = floorRows(generateCsv(options.rows));
  const floors: Floors = { bare: 0, ledgerSqlite: 0, ledgerPostgres: null };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-import-bench-'));
  try {
    console.log(`\nImport: floors of ${options.rows.toLocaleString('en-US')} rows on SQLite`);
    floors.bare = bareSqliteFloor(rows);
    floors.ledgerSqlite = await ledgerSqliteFloor(rows);
    console.log(`Import: ${options.rows.toLocaleString('en-US')} CSV rows on SQLite`);
    results.SQLite = await bench({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, options.rows);
    // The bare floor again right after the import: the smaller of the two is the floor.
    floors.bare = Math.min(floors.bare, bareSqliteFloor(rows));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  let withRules: ImportResult | null = null;
  if (options.rules > 0) {
    const rulesDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-import-bench-'));
    try {
      console.log(
        `Import: ${options.rows.toLocaleString('en-US')} CSV rows on SQLite with ${options.rules} rules`,
      );
      withRules = await bench(
        { ...process.env, DATA_DIR: rulesDir, DATABASE_URL: '' },
        options.rows,
        options.rules,
      );
    } finally {
      rmSync(rulesDir, { recursive: true, force: true });
    }
  }
  const problem = await postgresProblem(options.postgresUrl);
  if (problem) results.PostgreSQL = `skipped (${problem})`;
  else {
    console.log(`Import: ${options.rows.toLocaleString('en-US')} CSV rows on PostgreSQL`);
    results.PostgreSQL = await withScratchDatabase(
      options.postgresUrl,
      'mindspend_import_bench',
      async (url) => {
        const result = await bench({ ...process.env, DATABASE_URL: url }, options.rows);
        floors.ledgerPostgres = await ledgerPostgresFloor(url, rows);
        return result;
      },
    );
  }
  return importTable(
    results,
    floors,
    options.rows,
    withRules === null ? null : { result: withRules, rules: options.rules },
  );
}

/** The stage's table, and the goals it missed. */
function importTable(
  results: Record<string, ImportResult | string>,
  floors: Floors,
  rows: number,
  ruled: { result: ImportResult; rules: number } | null,
): { table: string; missed: string[] } {
  const withRules = ruled?.result ?? null;
  const ruleCount = ruled?.rules ?? 0;
  const cell = (dialect: string, pick: (result: ImportResult) => string) => {
    const result = results[dialect];
    return typeof result === 'string' || result === undefined ? (result ?? '—') : pick(result);
  };
  const failed = (failures: number) => (failures > 0 ? ` (${failures} answers failed)` : '');
  const health = (r: ImportResult) =>
    `${r.healthP99Ms.toFixed(0)} / ${r.healthMaxMs.toFixed(0)} ms${failed(r.healthFailures)}`;
  const read = (r: ImportResult) =>
    `${r.readP99Ms.toFixed(0)} / ${r.readMaxMs.toFixed(0)} ms${failed(r.readFailures)}`;
  const sqlite = results.SQLite;
  const postgres = results.PostgreSQL;
  const overFloor = typeof sqlite === 'object' ? sqlite.seconds / floors.bare : null;
  const pgOverSqlite =
    typeof sqlite === 'object' && typeof postgres === 'object' ? postgres.seconds / sqlite.seconds : null;
  const times = (ratio: number | null) => (ratio === null ? '—' : `${ratio.toFixed(1)}×`);
  const lines = [
    `| import of a ${rows.toLocaleString('en-US')}-row CSV | SQLite | PostgreSQL | goal |`,
    '| --- | --- | --- | --- |',
    `| upload to last row committed | ${cell('SQLite', (r) => `${r.seconds.toFixed(2)} s (${r.status})`)} | ${cell('PostgreSQL', (r) => `${r.seconds.toFixed(2)} s (${r.status})`)} | < ${IMPORT_GOALS.seconds} s |`,
    `| rows per second | ${cell('SQLite', (r) => Math.round(r.rowsPerS).toLocaleString('en-US'))} | ${cell('PostgreSQL', (r) => Math.round(r.rowsPerS).toLocaleString('en-US'))} | > 10,000 |`,
    `| floor: the same rows into one bare SQLite table, one transaction | ${floors.bare.toFixed(2)} s | — | — |`,
    `| import ÷ bare floor | ${times(overFloor)} | — | ≤ ${IMPORT_GOALS.overBareFloor}× |`,
    `| floor: the same rows into the ledger's transactions table (indexes, foreign keys, revision trigger), one transaction | ${floors.ledgerSqlite.toFixed(2)} s | ${floors.ledgerPostgres === null ? '—' : `${floors.ledgerPostgres.toFixed(2)} s`} | — |`,
    `| PostgreSQL import ÷ SQLite import (same run) | — | ${times(pgOverSqlite)} | ≤ ${IMPORT_GOALS.postgresOverSqlite}× |`,
    `| GET /api/health during the import, p99 / max | ${cell('SQLite', health)} | ${cell('PostgreSQL', health)} | p99 < ${IMPORT_GOALS.healthP99Ms} ms |`,
    `| another user's GET /api/accounts during the import, p99 / max | ${cell('SQLite', read)} | ${cell('PostgreSQL', read)} | — |`,
    ...(withRules
      ? [
          `| rows per second with ${ruleCount} rules (upload to last row committed) | ${Math.round(withRules.rowsPerS).toLocaleString('en-US')} (${withRules.seconds.toFixed(1)} s, ${withRules.status}) | — | > ${IMPORT_GOALS.rulesRowsPerS.toLocaleString('en-US')} |`,
        ]
      : []),
  ];
  const missed: string[] = [];
  if (withRules && withRules.rowsPerS <= IMPORT_GOALS.rulesRowsPerS)
    missed.push(`SQLite import with ${ruleCount} rules ${Math.round(withRules.rowsPerS)} rows/s`);
  if (typeof sqlite === 'object') {
    if (sqlite.seconds >= IMPORT_GOALS.seconds) missed.push(`SQLite import ${sqlite.seconds.toFixed(1)} s`);
    if (sqlite.healthP99Ms >= IMPORT_GOALS.healthP99Ms)
      missed.push(`health during import p99 ${sqlite.healthP99Ms.toFixed(0)} ms`);
  }
  if (overFloor !== null && overFloor > IMPORT_GOALS.overBareFloor)
    missed.push(`SQLite import ${times(overFloor)} the bare floor`);
  if (pgOverSqlite !== null && pgOverSqlite > IMPORT_GOALS.postgresOverSqlite)
    missed.push(`PostgreSQL import ${times(pgOverSqlite)} SQLite's`);
  return { table: lines.join('\n'), missed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const rules = Number(process.env.BENCH_IMPORT_RULES ?? 50);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  benchImports({ rows, rules, postgresUrl })
    .then(({ table, missed }) => {
      console.log(`\n${table}\n`);
      if (missed.length) console.log(`Import goals missed: ${missed.join('; ')}`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
