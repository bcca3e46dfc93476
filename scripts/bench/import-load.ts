// The import stage of `npm run bench`: a generated 100,000-row CSV uploaded to the BUILT server,
// timed from the start of the upload to the job's last row committed, on SQLite and PostgreSQL,
// while a probe keeps asking GET /api/health to show the server still answers during the import.
//
// Runs on its own too: `node --import tsx scripts/bench/import-load.ts`.
// Environment: BENCH_IMPORT_ROWS (100000), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; "none" skips).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ServerProcess, postgresProblem, registerUser, sleep, startServer, stopServer, withScratchDatabase } from './server-process';

export const IMPORT_GOALS = { seconds: 10, healthP99Ms: 100 };

export interface ImportResult {
  rows: number;
  seconds: number;
  rowsPerS: number;
  healthP99Ms: number;
  healthMaxMs: number;
  status: string;
}

const PAYEES = ['SHELL OIL 57442 PORTLAND OR', 'SAFEWAY #1234', 'STARBUCKS STORE 0942', 'NETFLIX.COM', 'ZIGGY BIKE SHOP', 'PAYROLL ACME CORP'];

/** A bank-style CSV of `rows` rows spread over four years. */
export function generateCsv(rows: number): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i += 1) {
    const day = new Date(Date.UTC(2022, 0, 1) + (i % 1460) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const payee = PAYEES[i % PAYEES.length] as string;
    const amount = payee.startsWith('PAYROLL') ? `${(2000 + (i % 500)).toFixed(2)}` : `-${((i % 9000) / 100 + 1).toFixed(2)}`;
    lines.push(`${date},${payee} ${i % 97},${amount}`);
  }
  return lines.join('\n');
}

/** Asks GET /api/health every 20 ms until told to stop, then posts the latencies (ms). */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    await fetch(workerData).then((response) => response.arrayBuffer());
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function importOnce(server: ServerProcess, rows: number): Promise<ImportResult> {
  const { token } = await registerUser(server, 'import-bench@example.com');
  const auth = { authorization: `Bearer ${token}` };
  const account = await fetch(`${server.baseUrl}/api/accounts`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Checking', account_type_id: 2, most_recent_balance: { current_balance: 1000, date: '2022-01-01' } }),
  });
  const accountId = ((await account.json()) as { id: number }).id;
  const form = new FormData();
  form.append('account_id', String(accountId));
  form.append('file', new Blob([generateCsv(rows)], { type: 'text/csv' }), 'bench.csv');

  // The probe runs in a worker thread: the upload keeps this thread busy, and that must not be
  // counted as the server's slowness.
  const probe = new Worker(HEALTH_PROBE, { eval: true, workerData: `${server.baseUrl}/api/health` });
  const health = new Promise<number[]>((resolve) => probe.once('message', (latencies: number[]) => resolve(latencies)));

  const started = performance.now();
  const upload = await fetch(`${server.baseUrl}/api/upload-transactions`, { method: 'POST', headers: auth, body: form });
  const job = (await upload.json()) as { id?: number; message?: string };
  if (upload.status !== 202 || job.id === undefined) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(job)}`);
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
  const latencies = await health;
  await probe.terminate();
  return { rows, seconds, rowsPerS: rows / seconds, healthP99Ms: percentile(latencies, 99), healthMaxMs: Math.max(...latencies), status };
}

async function bench(env: NodeJS.ProcessEnv, rows: number): Promise<ImportResult> {
  const server = await startServer(env);
  try {
    return await importOnce(server, rows);
  } finally {
    await stopServer(server);
  }
}

export async function benchImports(options: { rows: number; postgresUrl: string }): Promise<{ table: string; missed: string[] }> {
  const results: Record<string, ImportResult | string> = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-import-bench-'));
  try {
    console.log(`\nImport: ${options.rows.toLocaleString('en-US')} CSV rows on SQLite`);
    results.SQLite = await bench({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, options.rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const problem = await postgresProblem(options.postgresUrl);
  if (problem) results.PostgreSQL = `skipped (${problem})`;
  else {
    console.log(`Import: ${options.rows.toLocaleString('en-US')} CSV rows on PostgreSQL`);
    results.PostgreSQL = await withScratchDatabase(options.postgresUrl, 'mindspend_import_bench', (url) =>
      bench({ ...process.env, DATABASE_URL: url }, options.rows),
    );
  }
  const cell = (dialect: string, pick: (result: ImportResult) => string) => {
    const result = results[dialect];
    return typeof result === 'string' || result === undefined ? (result ?? '—') : pick(result);
  };
  const lines = [
    `| import of a ${options.rows.toLocaleString('en-US')}-row CSV | SQLite | PostgreSQL | goal (SQLite) |`,
    '| --- | --- | --- | --- |',
    `| upload to last row committed | ${cell('SQLite', (r) => `${r.seconds.toFixed(1)} s (${r.status})`)} | ${cell('PostgreSQL', (r) => `${r.seconds.toFixed(1)} s (${r.status})`)} | < ${IMPORT_GOALS.seconds} s |`,
    `| rows per second | ${cell('SQLite', (r) => Math.round(r.rowsPerS).toLocaleString('en-US'))} | ${cell('PostgreSQL', (r) => Math.round(r.rowsPerS).toLocaleString('en-US'))} | > 10,000 |`,
    `| GET /api/health during the import, p99 / max | ${cell('SQLite', (r) => `${r.healthP99Ms.toFixed(0)} / ${r.healthMaxMs.toFixed(0)} ms`)} | ${cell('PostgreSQL', (r) => `${r.healthP99Ms.toFixed(0)} / ${r.healthMaxMs.toFixed(0)} ms`)} | p99 < ${IMPORT_GOALS.healthP99Ms} ms |`,
  ];
  const missed: string[] = [];
  const sqlite = results.SQLite;
  if (typeof sqlite === 'object') {
    if (sqlite.seconds >= IMPORT_GOALS.seconds) missed.push(`SQLite import ${sqlite.seconds.toFixed(1)} s`);
    if (sqlite.healthP99Ms >= IMPORT_GOALS.healthP99Ms) missed.push(`health during import p99 ${sqlite.healthP99Ms.toFixed(0)} ms`);
  }
  return { table: lines.join('\n'), missed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  benchImports({ rows, postgresUrl })
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
