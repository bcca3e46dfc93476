/**
 * A built server of a spec's own (apps/server/dist/main.js), for specs that need configuration the
 * shared Playwright webServer does not have (a bank provider, say). It starts the way the bench
 * starts its servers (scripts/bench/server-process.ts: a free 127.0.0.1 port and a wait for
 * GET /api/health), on a fresh data directory that stopping removes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../../../../scripts/bench/server-process';

export interface OwnServer {
  readonly baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built server with `env` on a fresh data directory, and waits until it answers. */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-e2e-own-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env });
    return {
      baseUrl: server.baseUrl,
      output: () => server.output.join(''),
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
