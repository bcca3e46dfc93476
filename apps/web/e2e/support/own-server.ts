/**
 * A built server of a spec's own (apps/server/dist/main.js), for specs that need configuration the
 * shared Playwright webServer does not have (a bank provider, say). Same start-up as the bench's
 * scripts/bench/server-process.ts: a free 127.0.0.1 port, a fresh data directory, and a wait for
 * GET /api/health; stopping it removes the data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const serverMain = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
const host = '127.0.0.1';
const START_TIMEOUT_MS = 30_000;

export interface OwnServer {
  readonly baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Starts the built server with the usual e2e settings plus `env`, and waits until it answers. */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://${host}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-own-'));
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: host,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 50) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const server: OwnServer = {
    baseUrl,
    output: () => lines.join(''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      live.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`The server exited (${child.exitCode}) before answering:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop();
  throw new Error(
    `The server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${server.output()}`,
  );
}
