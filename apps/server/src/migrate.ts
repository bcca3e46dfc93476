/**
 * `npm run migrate`: applies pending migrations without starting the server, with the server's
 * own configuration (DATABASE_URL for PostgreSQL, else the SQLite file in DATA_DIR), so a
 * deployment migrates once and then restarts its processes (DECISIONS.md #40).
 * `npm run migrate -- --status` lists every migration as applied or pending.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { runMigrateCommand } from './db/migrate-command';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    for (const line of await runMigrateCommand(database, process.argv.slice(2))) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
