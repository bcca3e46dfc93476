// Shared by the bench stages (scripts/bench/), the browser tests' own servers
// (apps/web/e2e/support/own-server.ts) and the race tests (apps/server/src/test/race/harness.ts),
// which is why it lives in scripts/support/ and not in the bench: start the BUILT server as a child
// process on a free 127.0.0.1 port, stop it, register a user, and give PostgreSQL runs a database
// of their own.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// BENCH_SERVER_ROOT points the stages at another checkout's build (e.g. a worktree of an earlier
// commit, for before-and-after figures) while the bench scripts and seeds stay this checkout's.
export const repoRoot = process.env.BENCH_SERVER_ROOT
  ? path.resolve(process.env.BENCH_SERVER_ROOT)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
export const host = '127.0.0.1';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * The two keys a server on PostgreSQL refuses to start without (DECISIONS.md #93), the same for
 * every process these helpers start, as every machine of one deployment must share them. Fixed,
 * because they guard only scratch databases.
 */
export const SHARED_TEST_KEYS = {
  TWO_FACTOR_ENCRYPTION_KEY: 'test-two-factor-key-shared-by-every-process',
  UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-shared-by-every-process',
} as const;

/** `env` with SHARED_TEST_KEYS added when it points at PostgreSQL and does not bring its own. */
export function withSharedKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.DATABASE_URL ? { ...SHARED_TEST_KEYS, ...env } : env;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the built server with `env` and waits (30 s at most) for GET /api/health to answer. It
 * listens on `env.PORT` when given (a caller whose APP_URL must name the port, e.g. a passkey test
 * on http://localhost), else on a free port.
 */
export async function startServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    cwd: repoRoot,
    // LOG_LEVEL is warn unless the caller asks for more (a browser test that reads the log does).
    env: { ...withSharedKeys(env), NODE_ENV: 'production', HOST: host, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const server: ServerProcess = { child, baseUrl: `http://${host}:${port}`, output: [] };
  const keep = (chunk: Buffer) => {
    server.output.push(chunk.toString());
    if (server.output.length > 50) server.output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${server.output.join('')}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`the server did not answer /api/health within 30 s:\n${server.output.join('')}`);
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  live.delete(child);
}

/** Registers a free-plan user through the API and returns a real bearer token. */
export async function registerUser(server: ServerProcess, email: string): Promise<{ token: string; userId: number }> {
  const response = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'free', email, password: 'Mindful123', password_confirmation: 'Mindful123', timezone: 0 }),
  });
  const body = (await response.json()) as { api_token?: string; user?: { id: number } };
  if (response.status !== 201 || !body.api_token || !body.user) throw new Error(`POST /api/register answered ${response.status}: ${JSON.stringify(body)}`);
  return { token: body.api_token, userId: body.user.id };
}

/** Null when PostgreSQL answers at `url`, else why not. */
export async function postgresProblem(url: string): Promise<string | null> {
  if (url === 'none') return 'BENCH_DATABASE_URL=none';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh PostgreSQL database next to `url`'s, named `<prefix>_<random>`; `drop()` removes it. */
export async function createScratchDatabase(url: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // FORCE: a server killed mid-request may leave a connection the database still counts.
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (error) {
        console.error(`could not drop ${name}: ${String(error)}`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `fn` with the URL of a fresh PostgreSQL database that is dropped afterwards. */
export async function withScratchDatabase<T>(url: string, prefix: string, fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase(url, prefix);
  try {
    return await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}
