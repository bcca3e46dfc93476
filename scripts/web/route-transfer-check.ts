// The transferred-bytes check of `npm test` (run by scripts/e2e.sh after the build and the
// manifest's route budgets; issue 29, DECISIONS.md #110): the BUILT server on a fresh SQLite
// DATA_DIR serves the built web app; Debian's Chromium opens the landing page, the login page and a
// signed-in ledger month, each in a cold profile, and counts every byte it received
// (scripts/web/route-transfer.ts). Prints a table and exits 1 when a route is over its budget or
// the landing page makes more than 15 requests before it is usable (scripts/web/transfer-budgets.ts).
// Alone: `npm run build` then `node --import tsx scripts/web/route-transfer-check.ts`. It listens on
// E2E_PORT when set (the browser tests' server starts only after it stops), else on a free port.
import { CHROMIUM_ARGS } from '../support/chromium-args';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { type ServerProcess, registerUser, startServer, stopServer } from '../support/server-process';
import { type StoredSession, measureTransfer } from './route-transfer';
import { type RouteTransfer, TRANSFER_BUDGETS, overBudget, transferTable } from './transfer-budgets';

/** A new user with one checking account, signed in as the web app keeps it. */
export async function ledgerUser(
  server: ServerProcess,
): Promise<{ session: StoredSession; accountId: number }> {
  const { token } = await registerUser(server, `route-transfer-${Date.now()}@example.com`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.baseUrl}/api/accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Everyday',
      account_type_id: 2,
      most_recent_balance: { current_balance: 3000, date: `${new Date().getUTCFullYear()}-01-01` },
    }),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/accounts answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const { user } = (await (await fetch(`${server.baseUrl}/api/user`, { headers })).json()) as {
    user: unknown;
  };
  return { session: { token, user: JSON.stringify(user) }, accountId: id };
}

export async function measureTransferredRoutes(
  server: ServerProcess,
  browser: Browser,
): Promise<RouteTransfer[]> {
  const { session, accountId } = await ledgerUser(server);
  const now = new Date();
  const rows: RouteTransfer[] = [];
  for (const budget of TRANSFER_BUDGETS) {
    const route = budget.path
      .replace('{account}', String(accountId))
      .replace('{m}', String(now.getUTCMonth() + 1))
      .replace('{y}', String(now.getUTCFullYear()));
    rows.push(
      await measureTransfer(
        browser,
        `${server.baseUrl}${route}`,
        budget,
        budget.signedIn ? session : undefined,
      ),
    );
  }
  return rows;
}

/** The built server on a fresh SQLite DATA_DIR, each route measured in Chromium; the server stopped after. */
export async function transferredRoutes(port?: string): Promise<RouteTransfer[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-route-transfer-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...(port && { PORT: port }) };
  delete env.DATABASE_URL;
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer(env);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    return await measureTransferredRoutes(server, browser);
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const TRANSFER_TITLE =
  'Route budgets as transferred: every response of a cold load, headers included, as Chromium counts it (KB = 1000 bytes)';

async function main(): Promise<number> {
  const rows = await transferredRoutes(process.env.E2E_PORT);
  console.log(TRANSFER_TITLE);
  console.log(transferTable(rows));
  const problems = overBudget(rows);
  if (problems.length) {
    console.error(`\nOver budget: ${problems.join('; ')}`);
    return 1;
  }
  console.log('Every route is within its transferred budget.');
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main()
    .then((status) => process.exit(status))
    .catch((error: unknown) => {
      console.error(
        `Route budgets as transferred: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    });
}
