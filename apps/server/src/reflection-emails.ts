/**
 * `npm run reflection-emails [-- --month YYYY-MM]` (built: `node apps/server/dist/reflection-emails.js`):
 * sends the monthly reflection e-mails due now, or a given month's, with the server's own
 * configuration (DATABASE_URL or DATA_DIR's SQLite file, SMTP_URL). See docs/DECISIONS.md #59.
 */
import Fastify from 'fastify';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { systemClock } from './lib/clock';
import { Mailer, smtpTransport } from './lib/mailer';
import { runReflectionEmailCommand } from './modules/reflection-email/reflection-email-command';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // The server's own logger (pino through Fastify), so queued mail is logged as the server logs it.
  const logger = Fastify({ logger: { level: config.LOG_LEVEL } }).log;
  try {
    const transport = config.SMTP_URL ? await smtpTransport(config.SMTP_URL, config.MAIL_FROM) : null;
    const deps = {
      config,
      db: database.db,
      dialect: database.dialect,
      clock: systemClock,
      mailer: new Mailer(systemClock, logger, transport),
      logger,
    };
    for (const line of await runReflectionEmailCommand(deps, process.argv.slice(2), systemClock.now())) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
