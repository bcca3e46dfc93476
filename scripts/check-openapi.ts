/**
 * `npm run lint` step: the API document the server serves passes Redocly's recommended rules
 * with no error (docs/API.md#the-openapi-document; rules in redocly.yaml). Builds the app on an
 * in-memory SQLite database, as the API tests do, reads GET /api/openapi.json and lints it.
 * Prints each error and exits 1; warnings are listed and let pass.
 *
 *   node --import tsx scripts/check-openapi.ts
 */
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/connection';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { formatProblems, lintOpenApi } from './openapi-lint';

/** The served document: the app's own, built from its routes. */
async function servedDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Given, so that no key file is created in a data directory for a build that never serves.
    TWO_FACTOR_ENCRYPTION_KEY: 'openapi-check-key-of-at-least-32-characters',
    UNSUBSCRIBE_SECRET: 'openapi-check-secret-of-at-least-32-characters',
  });
  const database = openDatabase({ databaseUrl: undefined, dataDir: '', sqliteFile: ':memory:' });
  try {
    // Starting the app starts its background jobs, which read their tables.
    await migrateToLatest(database);
    const app = await buildApp({ config, database, serveWeb: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200)
        throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const { errors, warnings } = await lintOpenApi(await servedDocument());
if (warnings.length > 0)
  console.log(
    `API document: ${warnings.length} warning(s) of Redocly's recommended rules:\n${formatProblems(warnings)}`,
  );
if (errors.length > 0) {
  console.error(
    `API document: ${errors.length} error(s) of Redocly's recommended rules:\n${formatProblems(errors)}`,
  );
  process.exit(1);
}
console.log('API document: no error under Redocly’s recommended rules.');
