/**
 * Race tests run against REAL server processes (`node apps/server/dist/main.js`), because the
 * races they look for live between processes and their database connections, which one in-process
 * app and `inject()` would never show. On PostgreSQL two processes share one fresh database; on
 * SQLite one process owns a temporary data directory (a SQLite file serves one process).
 *
 * Every answer goes through an `Api`, which spreads requests over the processes and remembers every
 * answer of 500 or more, so each test can assert that none came.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import {
  type ServerProcess,
  createScratchDatabase,
  registerUser,
  repoRoot,
  sleep,
  startServer,
  stopServer,
} from '../../../../../scripts/support/server-process';

/** The switch of test-app.ts, read here without loading the whole app into the test process. */
export const TEST_DB = process.env.MINDSPEND_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Bundles the server from the current sources (esbuild, about a second), so the processes always
 * run the code under test and never a stale dist/.
 */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: path.join(repoRoot, 'apps/server') });
}

export interface Cluster {
  /** The live processes: two on PostgreSQL, one on SQLite (unless a test asked otherwise). */
  readonly servers: ServerProcess[];
  /** Where the processes keep their data: the scratch database's URL on PostgreSQL, else DATA_DIR's SQLite file. */
  readonly database: { url: string | undefined; dataDir: string };
  /** Starts one more process on the same database (a restart, after a kill on SQLite). */
  add(): Promise<ServerProcess>;
  /** SIGKILL: the process dies mid-work, as in a crash or an OOM kill. */
  kill(server: ServerProcess): Promise<void>;
  /** Stops every process and removes the database. */
  stop(): Promise<void>;
}

/**
 * Starts `processes` servers on a fresh database: `CREATE DATABASE mindspend_race_<random>` on
 * PostgreSQL, a temporary DATA_DIR on SQLite. One at a time, so only the first one migrates.
 * `settings` are configuration variables every process gets (e.g. FX_RATES_URL of a stand-in).
 */
export async function startCluster(processes = TEST_DB === 'postgres' ? 2 : 1, settings: Record<string, string> = {}): Promise<Cluster> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-race-'));
  const scratch = TEST_DB === 'postgres' ? await createScratchDatabase(PG_URL, 'mindspend_race') : null;
  // Only what the server needs: the test runner's own variables (NODE_ENV=test, a DATABASE_URL of
  // the caller's) must not leak into the processes.
  const env = {
    ...settings,
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    ...(scratch && { DATABASE_URL: scratch.url }),
  };
  const servers: ServerProcess[] = [];
  const cluster: Cluster = {
    servers,
    database: { url: scratch?.url, dataDir },
    async add() {
      const server = await startServer(env);
      servers.push(server);
      return server;
    },
    async kill(server) {
      const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
      server.child.kill('SIGKILL');
      await exited;
      await stopServer(server);
      servers.splice(servers.indexOf(server), 1);
    },
    async stop() {
      await Promise.all(servers.splice(0).map(stopServer));
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    for (let i = 0; i < processes; i += 1) await cluster.add();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
}

export interface CallOptions {
  json?: unknown;
  form?: FormData;
  /** Which process answers: index into the live servers, modulo their number. Round-robin when left out. */
  via?: number;
  /** The book to act in (the `Mindspend-Book` header); the personal book when left out. */
  book?: number;
}

/** One signed-in user's requests, spread over the cluster's live processes. */
export class Api {
  /** Every answer of 500 or more, described for the failure message. */
  readonly serverErrors: string[] = [];
  private turn = 0;

  constructor(
    private readonly cluster: Cluster,
    readonly token: string,
  ) {}

  /**
   * Registers a fresh user (through the first process) and returns their Api, with every process's
   * database pool warmed up: a cold pool opens its connections one request at a time, which would
   * spread the first round's requests out and hide the race.
   */
  static async signUp(cluster: Cluster, email: string): Promise<Api> {
    const [first] = cluster.servers;
    if (!first) throw new Error('no server is running');
    const { token } = await registerUser(first, email);
    const api = new Api(cluster, token);
    await Promise.all(Array.from({ length: 10 * cluster.servers.length }, (_, i) => api.get('/accounts', i)));
    return api;
  }

  async call(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
    const { servers } = this.cluster;
    const server = servers[(options.via ?? this.turn++) % servers.length];
    if (!server) throw new Error('no server is running');
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (options.book !== undefined) headers['mindspend-book'] = String(options.book);
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${server.baseUrl}/api${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a CSV export, an empty 204): keep the text
    }
    if (response.status >= 500)
      this.serverErrors.push(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, body: parsed };
  }

  /** A GET that must answer 200; the body for the caller to parse. */
  async get(url: string, via?: number): Promise<unknown> {
    const answer = await this.call('GET', url, { via });
    if (answer.status !== 200)
      throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** A write that must succeed with `status`; the body for the caller to parse. */
  async send(method: string, url: string, json: unknown, status: number): Promise<unknown> {
    const answer = await this.call(method, url, { json });
    if (answer.status !== status)
      throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** Asserts (softly, so the test's other findings still show) that no answer was 500 or more. */
export function expectNoServerErrors(api: Api): void {
  const counts = new Map<string, number>();
  for (const error of api.serverErrors) counts.set(error, (counts.get(error) ?? 0) + 1);
  expect
    .soft(
      [...counts].map(([error, n]) => `${n} × ${error}`),
      `${api.serverErrors.length} answers ≥ 500`,
    )
    .toEqual([]);
}

/** How many answers had each status, e.g. `{ 201: 1, 422: 19 }`. */
export function countStatuses(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Waits until `check` returns a value, polling every `everyMs`; undefined when `timeoutMs` runs out. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

export { sleep };
