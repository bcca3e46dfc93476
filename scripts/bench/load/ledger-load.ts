// The ledger stage of `npm run bench`: seeds the 200,000-transaction data set (ledger-seed.ts) on
// SQLite (a fresh DATA_DIR) and on PostgreSQL (a database of its own, dropped afterwards), then
// runs autocannon against the BUILT server on the two month routes of the ledger:
//
//   GET /api/accounts/{id}/transactions/month/{m}/year/{y}   a month of one account (~670 rows)
//   GET /api/accounts/transactions/month/{m}/year/{y}        the same month of all 5 accounts
//   GET /api/insights?from={11 months back}&to={that month}   the insights page over a year (~35,000 expenses)
//   GET /api/budgets/month/{m}/year/{y}                     the budgets page with 60 budgets (budget-seed.ts)
//   GET /api/reports/{net-worth,cash-flow,spending}?from&to  the reports page over a year (reports-routes.ts)
//
// Runs on its own too: `node --import tsx scripts/bench/load/ledger-load.ts`. Environment:
// BENCH_DURATION_S (10), BENCH_LEDGER_CONNECTIONS (50), BENCH_DATABASE_URL (postgres://postgres@
// 127.0.0.1:5432/test; "none" skips PostgreSQL), BENCH_LEDGER_TRANSACTIONS (200000),
// BENCH_INSIGHTS_CONNECTIONS (1: SQLite answers one query at a time), BENCH_CPU_PROF_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type DatabaseHandle, openDatabase } from '../../../apps/server/src/db/connection';
import { seedBudgets } from '../seed/budget-seed';
import { type CeilingResult, loadCeiling } from './load-ceiling';
import { MEMORY_GOALS, cpuSeconds, rssMb } from '../measures';
import { type ServerProcess, postgresProblem, registerUser, sleep, startServer, stopServer, withScratchDatabase } from '../../support/server-process';
import { DEFAULT_SEED, type LedgerSeed, analyze, seedLedger } from '../seed/ledger-seed';
import { personalBookId } from '../seed/seed-helpers';
import { REPORT_GOALS, REPORT_ROUTES } from '../answers/reports-routes';
import { LOOKING_AHEAD_GOALS, type LookingAheadResult, benchLookingAhead } from '../answers/looking-ahead';


export interface LedgerBenchOptions {
  durationS: number;
  connections: number;
  /** null skips PostgreSQL. */
  postgresUrl: string | null;
  transactions: number;
  /** Connections for the insights route. */
  insightsConnections: number;
  cpuProfDir?: string | undefined;
}

export interface RouteResult {
  reqPerS: number;
  p50: number;
  p99: number;
  failures: number;
  rows: number;
  bytes: number;
  /** Server CPU milliseconds (user + system) per answered request: less sensitive to a busy machine than latency. */
  cpuMsPerRequest: number;
  /** Bytes on the wire with the browser's Accept-Encoding. */
  wireBytes: number;
  /**
   * Median latency of the first answer after the user changed something (a transaction added in
   * another month): the answer is built afresh, as after every write, instead of reused.
   */
  afterChangeMs: number;
  /**
   * Server CPU milliseconds of that first answer, averaged over the trials: unlike its latency,
   * hardly changed by other work on a shared machine (read from /proc in 10 ms ticks).
   */
  afterChangeCpuMs: number;
}

export interface LedgerDialectResult {
  seedS: number;
  oneAccount: RouteResult;
  /** The load generator's own bound: a do-nothing server sending the one-account month's bytes. */
  oneAccountCeiling: CeilingResult;
  allAccounts: RouteResult;
  insights: RouteResult;
  budgets: RouteResult;
  /** The three reports over the same 12 months as insights, in REPORT_ROUTES order. */
  reports: RouteResult[];
  /** The pause forecast and the subscriptions list (issue 31). */
  lookingAhead: LookingAheadResult;
  loadedRssMb: number; // the server's VmRSS after every load run of the stage, on the seed (issue 29)
}

type Dialect = 'SQLite' | 'PostgreSQL';

type Server = ServerProcess;

export async function drain(server: Server): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const start = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (performance.now() - start < 50) return;
    } catch {
      // still busy
    }
    await sleep(200);
  }
  console.log('    (the server was still busy after 120 s; the next figures include that backlog)');
}

/** Checks the route answers 200 with rows before loading it; returns the row count and body size. */
async function probe(server: Server, route: string, token: string, countRows: (body: unknown) => number): Promise<{ rows: number; bytes: number }> {
  const response = await fetch(`${server.baseUrl}${route}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return { rows: countRows(JSON.parse(text)), bytes: Buffer.byteLength(text) };
}

/** What a browser sends with every request: the load runs as the web app would ask. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const browserHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODINGS });

/**
 * Times the first answer after a change, `trials` times: add a transaction in another month (the
 * user's data revision moves on, so the route's answer is rebuilt), time the route, remove it.
 */
async function afterChange(server: Server, route: string, token: string, accountId: number, trials = 7): Promise<{ ms: number; cpuMs: number }> {
  const headers = browserHeaders(token);
  const times: number[] = [];
  let cpuS = 0;
  for (let i = 0; i < trials; i += 1) {
    const created = await fetch(`${server.baseUrl}/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'expense', amount: 1, date: '2001-01-01' }),
    });
    if (created.status !== 201) throw new Error(`adding a transaction answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };
    const cpuBefore = cpuSeconds(server.child.pid!);
    const start = performance.now();
    await (await fetch(`${server.baseUrl}${route}`, { headers })).arrayBuffer();
    times.push(performance.now() - start);
    cpuS += cpuSeconds(server.child.pid!) - cpuBefore;
    await fetch(`${server.baseUrl}/api/transactions/${id}`, { method: 'DELETE', headers });
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(times.length / 2)] ?? 0), cpuMs: Math.round((cpuS * 1000) / trials) };
}

export async function load(
  server: Server,
  route: string,
  token: string,
  accountId: number,
  options: LedgerBenchOptions,
  countRows: (body: unknown) => number,
  connections = options.connections,
): Promise<RouteResult> {
  const shape = await probe(server, route, token, countRows);
  const { ms: afterChangeMs, cpuMs: afterChangeCpuMs } = await afterChange(server, route, token, accountId);
  const headers = browserHeaders(token);
  // A short warm-up so the JIT and the database's caches are in their steady state.
  await autocannon({ url: `${server.baseUrl}${route}`, connections, duration: 2, headers });
  const cpuBefore = cpuSeconds(server.child.pid!);
  const result = await autocannon({ url: `${server.baseUrl}${route}`, connections, duration: options.durationS, headers });
  const cpuMsPerRequest = ((cpuSeconds(server.child.pid!) - cpuBefore) * 1000) / Math.max(1, result['2xx']);
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest,
    wireBytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
    afterChangeMs,
    afterChangeCpuMs,
    ...shape,
  };
}

export const countList = (body: unknown) => (Array.isArray(body) ? body.length : 0);
export const countNested = (body: unknown) =>
  Array.isArray(body) ? body.reduce((sum: number, account: { transactions?: unknown[] }) => sum + (account.transactions?.length ?? 0), 0) : 0;
/** Budgets in a budgets-month answer. */
const countBudgets = (body: unknown) => (body as { budgets?: unknown[] }).budgets?.length ?? 0;
/** Rows an insights answer summarizes: its expense transaction count. */
const countInsights = (body: unknown) => (body as { totals?: { transaction_count?: number } }).totals?.transaction_count ?? 0;

async function benchOne(dialect: Dialect, env: NodeJS.ProcessEnv, connect: () => DatabaseHandle, options: LedgerBenchOptions): Promise<LedgerDialectResult> {
  // The first start migrates the fresh database; the user signs up through the API for a real token.
  let server = await startServer(env);
  let token: string;
  let seed: LedgerSeed;
  const seedStart = performance.now();
  try {
    const user = await registerUser(server, 'ledger-bench@example.com');
    token = user.token;
    const handle = connect();
    try {
      const bookId = await personalBookId(handle.db, user.userId);
      seed = await seedLedger(handle, bookId, new Date(), { ...DEFAULT_SEED, transactions: options.transactions });
      await seedBudgets(handle, bookId, new Date());
      await analyze(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await stopServer(server);
  }
  const seedS = (performance.now() - seedStart) / 1000;
  console.log(`  ${dialect}: seeded ${seed.counts.transactions.toLocaleString('en-US')} transactions, ${seed.counts.splits.toLocaleString('en-US')} split lines, ${seed.counts.users} other users in ${seedS.toFixed(1)} s`);

  // A fresh start on the seeded database, as after a deploy.
  // --cpu-prof writes a V8 CPU profile of the loaded server when it stops (SIGTERM).
  server = await startServer(env, options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []);
  try {
    const { month, year } = seed.month;
    const one = `/api/accounts/${seed.accountIds[0]}/transactions/month/${month}/year/${year}`;
    const all = `/api/accounts/transactions/month/${month}/year/${year}`;
    console.log(`  ${dialect}: GET ${one} for ${options.durationS} s at ${options.connections} connections...`);
    const oneAccount = await load(server, one, token, seed.accountIds[0]!, options, countList);
    console.log(`    ${Math.round(oneAccount.reqPerS)} req/s, p50 ${oneAccount.p50} ms, p99 ${oneAccount.p99} ms, ${oneAccount.cpuMsPerRequest.toFixed(1)} ms CPU each (${oneAccount.rows} rows, ${(oneAccount.bytes / 1024).toFixed(0)} kB)`);
    // The one-account run can leave the server working through requests autocannon gave up on.
    await drain(server);
    console.log(`  ${dialect}: the same bytes from a do-nothing server, same load...`);
    const oneAccountCeiling = await loadCeiling(`${server.baseUrl}${one}`, browserHeaders(token), options.connections, options.durationS);
    console.log(`    ${Math.round(oneAccountCeiling.reqPerS)} req/s, p50 ${oneAccountCeiling.p50} ms, p99 ${oneAccountCeiling.p99} ms`);
    const insightsRoute = `/api/insights?from=${monthKeyFrom(year, month, -11)}&to=${monthKeyFrom(year, month, 0)}`;
    console.log(`  ${dialect}: GET ${insightsRoute} for ${options.durationS} s at ${options.insightsConnections} connections...`);
    const insights = await load(server, insightsRoute, token, seed.accountIds[0]!, options, countInsights, options.insightsConnections);
    console.log(`    ${Math.round(insights.reqPerS)} req/s, p50 ${insights.p50} ms, p99 ${insights.p99} ms, ${insights.cpuMsPerRequest.toFixed(1)} ms CPU each (${insights.rows} expenses, ${(insights.bytes / 1024).toFixed(0)} kB)`);
    await drain(server);
    const budgetsRoute = `/api/budgets/month/${month}/year/${year}`;
    console.log(`  ${dialect}: GET ${budgetsRoute} for ${options.durationS} s at ${options.connections} connections...`);
    const budgets = await load(server, budgetsRoute, token, seed.accountIds[0]!, options, countBudgets);
    console.log(`    ${Math.round(budgets.reqPerS)} req/s, p50 ${budgets.p50} ms, p99 ${budgets.p99} ms, ${budgets.cpuMsPerRequest.toFixed(1)} ms CPU each (${budgets.rows} budgets, ${(budgets.bytes / 1024).toFixed(0)} kB)`);
    await drain(server);
    const reports: RouteResult[] = [];
    for (const report of REPORT_ROUTES) {
      const route = report.path(monthKeyFrom(year, month, -11), monthKeyFrom(year, month, 0));
      console.log(`  ${dialect}: GET ${route} for ${options.durationS} s at ${options.insightsConnections} connections...`);
      const result = await load(server, route, token, seed.accountIds[0]!, options, countList, options.insightsConnections);
      console.log(`    first answer after a change ${result.afterChangeMs} ms (${result.afterChangeCpuMs} ms server CPU), reused p50 ${result.p50} ms, p99 ${result.p99} ms, ${Math.round(result.reqPerS)} req/s (${result.rows} rows)`);
      reports.push(result);
      await drain(server);
    }
    console.log(`  ${dialect}: a pause's forecast and the subscriptions found, ${9} answers each...`);
    const lookingAhead = await benchLookingAhead(server, token, seed.busyPayee);
    console.log(`    forecast ${lookingAhead.forecastMs} ms (${lookingAhead.forecastSimilar} felt purchases), subscriptions ${lookingAhead.subscriptionsMs} ms (${lookingAhead.subscriptionsFound} found)`);
    console.log(`  ${dialect}: GET ${all} for ${options.durationS} s...`);
    const allAccounts = await load(server, all, token, seed.accountIds[0]!, options, countNested);
    console.log(`    ${Math.round(allAccounts.reqPerS)} req/s, p50 ${allAccounts.p50} ms, p99 ${allAccounts.p99} ms, ${allAccounts.cpuMsPerRequest.toFixed(1)} ms CPU each (${allAccounts.rows} rows, ${(allAccounts.bytes / 1024).toFixed(0)} kB)`);
    return { seedS, oneAccount, oneAccountCeiling, allAccounts, insights, budgets, reports, lookingAhead, loadedRssMb: rssMb(server.child.pid!) };
  } finally {
    await stopServer(server);
  }
}

/** `YYYY-MM` of the month `delta` months from month/year. */
function monthKeyFrom(year: number, month: number, delta: number): string {
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function benchSqlite(options: LedgerBenchOptions): Promise<LedgerDialectResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-ledger-bench-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return await benchOne('SQLite', env, () => openDatabase({ dataDir }), options);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the server of `url`, dropped at the end whatever happens. */
function benchPostgres(url: string, options: LedgerBenchOptions): Promise<LedgerDialectResult> {
  return withScratchDatabase(url, 'mindspend_bench', (databaseUrl) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir() };
    return benchOne('PostgreSQL', env, () => openDatabase({ databaseUrl, dataDir: '' }), options);
  });
}

/** insightsFirstMs: issue 16, insights with triggers answer the first time (after a change) under 100 ms. */
export const LEDGER_GOALS = { p99Ms: 25, reqPerS: 2000, insightsP99Ms: 300, insightsFirstMs: 100, budgetsP99Ms: 40 };

function cell(result: LedgerDialectResult | undefined, pick: (r: LedgerDialectResult) => RouteResult, what: 'latency' | 'rps' | 'cpu' | 'fresh'): string {
  if (!result) return 'skipped';
  const route = pick(result);
  if (what === 'latency') return `${route.p50} / ${route.p99} ms`;
  if (what === 'fresh') return `${route.afterChangeMs} ms, ${route.afterChangeCpuMs} ms server CPU (${(route.bytes / 1024).toFixed(0)} kB JSON, ${(route.wireBytes / 1024).toFixed(0)} kB compressed)`;
  if (what === 'cpu') return `${route.cpuMsPerRequest.toFixed(1)} ms`;
  return `${Math.round(route.reqPerS).toLocaleString('en-US')} req/s${route.failures ? ` (${route.failures} failed)` : ''}`;
}

function ceilingCell(result: LedgerDialectResult | undefined): string {
  if (!result) return 'skipped';
  const { p50, p99, reqPerS } = result.oneAccountCeiling;
  return `${p50} / ${p99} ms, ${Math.round(reqPerS).toLocaleString('en-US')} req/s`;
}

/** The markdown table of the ledger stage. */
export function ledgerTable(results: Partial<Record<Dialect, LedgerDialectResult>>, options: LedgerBenchOptions): string {
  const sqlite = results.SQLite;
  const postgres = results.PostgreSQL;
  const rows = sqlite?.oneAccount.rows ?? postgres?.oneAccount.rows ?? 0;
  const allRows = sqlite?.allAccounts.rows ?? postgres?.allAccounts.rows ?? 0;
  const ahead = (result: LedgerDialectResult | undefined, which: 'forecast' | 'subscriptions') =>
    result ? `${which === 'forecast' ? result.lookingAhead.forecastMs : result.lookingAhead.subscriptionsMs} ms` : 'skipped';
  const lines = [
    `| ${options.connections} connections, ${options.durationS} s each | SQLite | PostgreSQL | goal (SQLite) |`,
    '| --- | --- | --- | --- |',
    `| one account's month (${rows} rows): latency p50 / p99 | ${cell(sqlite, (r) => r.oneAccount, 'latency')} | ${cell(postgres, (r) => r.oneAccount, 'latency')} | p99 < ${LEDGER_GOALS.p99Ms} ms |`,
    `| one account's month: throughput | ${cell(sqlite, (r) => r.oneAccount, 'rps')} | ${cell(postgres, (r) => r.oneAccount, 'rps')} | > ${LEDGER_GOALS.reqPerS.toLocaleString('en-US')} req/s |`,
    `| one account's month: server CPU per request | ${cell(sqlite, (r) => r.oneAccount, 'cpu')} | ${cell(postgres, (r) => r.oneAccount, 'cpu')} | < 1 ms (= 2,000 req/s on 2 cores) |`,
    `| one account's month, same bytes from a do-nothing server (the load generator's bound): p50 / p99, throughput | ${ceilingCell(sqlite)} | ${ceilingCell(postgres)} | — |`,
    `| one account's month: first answer after a change | ${cell(sqlite, (r) => r.oneAccount, 'fresh')} | ${cell(postgres, (r) => r.oneAccount, 'fresh')} | — |`,
    `| all accounts' month (${allRows} rows): latency p50 / p99 | ${cell(sqlite, (r) => r.allAccounts, 'latency')} | ${cell(postgres, (r) => r.allAccounts, 'latency')} | — |`,
    `| all accounts' month: throughput | ${cell(sqlite, (r) => r.allAccounts, 'rps')} | ${cell(postgres, (r) => r.allAccounts, 'rps')} | — |`,
    `| all accounts' month: server CPU per request | ${cell(sqlite, (r) => r.allAccounts, 'cpu')} | ${cell(postgres, (r) => r.allAccounts, 'cpu')} | — |`,
    `| all accounts' month: first answer after a change | ${cell(sqlite, (r) => r.allAccounts, 'fresh')} | ${cell(postgres, (r) => r.allAccounts, 'fresh')} | — |`,
    `| insights with regret triggers over 12 months (${sqlite?.insights.rows ?? postgres?.insights.rows ?? 0} expenses), ${options.insightsConnections} connections, reused answer: latency p50 / p99 | ${cell(sqlite, (r) => r.insights, 'latency')} | ${cell(postgres, (r) => r.insights, 'latency')} | p99 < ${LEDGER_GOALS.insightsP99Ms} ms |`,
    `| insights: throughput | ${cell(sqlite, (r) => r.insights, 'rps')} | ${cell(postgres, (r) => r.insights, 'rps')} | — |`,
    `| insights: server CPU per request | ${cell(sqlite, (r) => r.insights, 'cpu')} | ${cell(postgres, (r) => r.insights, 'cpu')} | — |`,
    `| insights with regret triggers: first answer after a change | ${cell(sqlite, (r) => r.insights, 'fresh')} | ${cell(postgres, (r) => r.insights, 'fresh')} | < ${LEDGER_GOALS.insightsFirstMs} ms |`,
    `| budgets month (${sqlite?.budgets.rows ?? postgres?.budgets.rows ?? 0} budgets), ${options.connections} connections: latency p50 / p99 | ${cell(sqlite, (r) => r.budgets, 'latency')} | ${cell(postgres, (r) => r.budgets, 'latency')} | p99 < ${LEDGER_GOALS.budgetsP99Ms} ms |`,
    `| budgets month: throughput | ${cell(sqlite, (r) => r.budgets, 'rps')} | ${cell(postgres, (r) => r.budgets, 'rps')} | — |`,
    `| budgets month: server CPU per request | ${cell(sqlite, (r) => r.budgets, 'cpu')} | ${cell(postgres, (r) => r.budgets, 'cpu')} | — |`,
    `| budgets month: first answer after a change | ${cell(sqlite, (r) => r.budgets, 'fresh')} | ${cell(postgres, (r) => r.budgets, 'fresh')} | — |`,
    ...REPORT_ROUTES.flatMap((report, index) => {
      const pick = (r: LedgerDialectResult) => r.reports[index] ?? r.insights;
      const fresh = (result: LedgerDialectResult | undefined) => (result?.reports[index] ? cell(result, pick, 'fresh') : 'skipped');
      const reused = (result: LedgerDialectResult | undefined) => (result?.reports[index] ? cell(result, pick, 'latency') : 'skipped');
      return [
        `| ${report.name} over 12 months: first answer after a change | ${fresh(sqlite)} | ${fresh(postgres)} | < ${REPORT_GOALS.afterChangeMs} ms |`,
        `| ${report.name}: reused answer, ${options.insightsConnections} connection(s), latency p50 / p99 | ${reused(sqlite)} | ${reused(postgres)} | — |`,
      ];
    }),
    `| a pause's forecast (${sqlite?.lookingAhead.forecastSimilar ?? postgres?.lookingAhead.forecastSimilar ?? 0} felt purchases at the payee, a year of triggers): median answer | ${ahead(sqlite, 'forecast')} | ${ahead(postgres, 'forecast')} | < ${LOOKING_AHEAD_GOALS.forecastMs} ms |`,
    `| subscriptions found in 38 months of expenses (${sqlite?.lookingAhead.subscriptionsFound ?? postgres?.lookingAhead.subscriptionsFound ?? 0}): median answer | ${ahead(sqlite, 'subscriptions')} | ${ahead(postgres, 'subscriptions')} | < ${LOOKING_AHEAD_GOALS.subscriptionsMs} ms |`,
    `| server RSS after the stage's load runs (answer cache ${process.env.ANSWER_CACHE_MB ?? 32} MB) | ${sqlite ? `${sqlite.loadedRssMb.toFixed(0)} MB` : 'skipped'} | ${postgres ? `${postgres.loadedRssMb.toFixed(0)} MB` : 'skipped'} | ≤ ${MEMORY_GOALS.loadedRssMb} MB |`,
    `| seeding ${options.transactions.toLocaleString('en-US')} + ${DEFAULT_SEED.otherTransactions} transactions, ${DEFAULT_SEED.otherUsers.toLocaleString('en-US')} other users | ${sqlite ? `${sqlite.seedS.toFixed(1)} s` : 'skipped'} | ${postgres ? `${postgres.seedS.toFixed(1)} s` : 'skipped'} | — |`,
  ];
  return lines.join('\n');
}

/** Runs the ledger stage on both dialects; returns the table and whether the SQLite goals were met. */
export async function benchLedger(options: LedgerBenchOptions): Promise<{ table: string; goalsMet: boolean; missed: string[] }> {
  const results: Partial<Record<Dialect, LedgerDialectResult>> = {};
  console.log(`\nLedger: ${options.transactions.toLocaleString('en-US')} transactions of one user on SQLite`);
  results.SQLite = await benchSqlite(options);
  if (options.postgresUrl) {
    const why = await postgresProblem(options.postgresUrl);
    if (why) console.log(`\nLedger on PostgreSQL skipped: ${why}`);
    else {
      console.log('\nLedger on PostgreSQL (a database of its own, dropped afterwards)');
      results.PostgreSQL = await benchPostgres(options.postgresUrl, options);
    }
  }
  const missed: string[] = [];
  const one = results.SQLite.oneAccount;
  if (one.p99 >= LEDGER_GOALS.p99Ms) missed.push(`SQLite one-account month p99 ${one.p99} ms`);
  if (one.reqPerS <= LEDGER_GOALS.reqPerS) missed.push(`SQLite one-account month ${Math.round(one.reqPerS)} req/s`);
  if (one.failures) missed.push(`SQLite one-account month: ${one.failures} failed requests`);
  const insights = results.SQLite.insights;
  if (insights.p99 >= LEDGER_GOALS.insightsP99Ms) missed.push(`SQLite insights p99 ${insights.p99} ms`);
  if (insights.failures) missed.push(`SQLite insights: ${insights.failures} failed requests`);
  if (insights.afterChangeMs >= LEDGER_GOALS.insightsFirstMs) missed.push(`SQLite insights first answer after a change ${insights.afterChangeMs} ms`);
  const budgets = results.SQLite.budgets;
  if (budgets.p99 >= LEDGER_GOALS.budgetsP99Ms) missed.push(`SQLite budgets month p99 ${budgets.p99} ms`);
  REPORT_ROUTES.forEach((report, index) => {
    const result = results.SQLite?.reports[index];
    if (result && result.afterChangeMs >= REPORT_GOALS.afterChangeMs) missed.push(`SQLite ${report.name} first answer ${result.afterChangeMs} ms`);
    if (result?.failures) missed.push(`SQLite ${report.name}: ${result.failures} failed requests`);
  });
  const ahead = results.SQLite.lookingAhead;
  if (results.SQLite.loadedRssMb > MEMORY_GOALS.loadedRssMb) missed.push(`SQLite RSS after the load runs ${results.SQLite.loadedRssMb.toFixed(0)} MB`);
  if (ahead.forecastMs >= LOOKING_AHEAD_GOALS.forecastMs) missed.push(`SQLite pause forecast ${ahead.forecastMs} ms`);
  if (ahead.subscriptionsMs >= LOOKING_AHEAD_GOALS.subscriptionsMs) missed.push(`SQLite subscriptions list ${ahead.subscriptionsMs} ms`);
  return { table: ledgerTable(results, options), goalsMet: missed.length === 0, missed };
}

/** Options from the environment, shared by bench.ts and a stand-alone run. */
export function ledgerOptionsFromEnv(): LedgerBenchOptions {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  return {
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    connections: Number(process.env.BENCH_LEDGER_CONNECTIONS ?? 50),
    postgresUrl: postgresUrl === 'none' ? null : postgresUrl,
    transactions: Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? DEFAULT_SEED.transactions),
    insightsConnections: Number(process.env.BENCH_INSIGHTS_CONNECTIONS ?? 1),
    cpuProfDir: process.env.BENCH_CPU_PROF_DIR,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = ledgerOptionsFromEnv();
  benchLedger(options)
    .then(({ table, missed }) => {
      console.log(`\n${table}\n`);
      if (missed.length) {
        console.error(`Ledger goals missed: ${missed.join('; ')}`);
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(`ledger bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    })
    .finally(() => process.exit(process.exitCode ?? 0));
}
