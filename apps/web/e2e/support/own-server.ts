/**
 * A built server of a spec's own (apps/server/dist/main.js), for specs that need configuration the
 * shared Playwright webServer does not have (a bank provider, say). It starts with the helpers the
 * tests share with the bench (scripts/support/server-process.ts: a free 127.0.0.1 port and a wait for
 * GET /api/health), on a fresh data directory that stopping removes, or on a data directory the spec
 * keeps (`dataDir`), so that a second server can start on what the first one left, as an operator
 * restarts theirs with other settings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../../../../scripts/support/server-process';

export interface OwnServer {
  readonly baseUrl: string;
  /** Its data directory (the SQLite file is `mindspend.db` in it), removed by `stop()` unless the spec gave it. */
  readonly dataDir: string;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** Everything the server wrote to standard output and error since it answered. */
  log(): string;
  stop(): Promise<void>;
}

export interface OwnServerOptions {
  /** An existing data directory to start on; it is the spec's: `stop()` leaves it in place. */
  dataDir?: string;
}

/**
 * Starts the built server with `env` on a fresh data directory (or on `options.dataDir`), and waits
 * until it answers.
 */
export async function startOwnServer(env: Record<string, string>, options: OwnServerOptions = {}): Promise<OwnServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-own-'));
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startServer({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env });
    const written: string[] = [];
    const keep = (chunk: Buffer) => void written.push(chunk.toString());
    server.child.stdout?.on('data', keep);
    server.child.stderr?.on('data', keep);
    return {
      baseUrl: server.baseUrl,
      dataDir,
      output: () => server.output.join(''),
      log: () => written.join(''),
      async stop() {
        await stopServer(server);
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
