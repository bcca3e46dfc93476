/** Starts Mindspend: reads the configuration, opens and migrates the database, listens. */
import { buildApp } from './app';
import { appVersion } from './build-info';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { listenUrl, reachNote } from './listen-address';
import { migrateToLatest } from './db/migrate';
import { LocalEventBus, PostgresEventBus } from './lib/event-bus';
import { smtpTransport } from './lib/mailer';
import { paymentsFromConfig } from './modules/billing/payments-from-config';
import { bankLinkFromConfig } from './modules/institutions/bank-link';
import { twoFactorKeyProblem } from './modules/two-factor';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(database);
  // Never start under a new two-factor key while people depend on the lost one (DECISIONS.md #93).
  const keyProblem = await twoFactorKeyProblem(database, config);
  if (keyProblem) {
    await database.close();
    console.error(keyProblem);
    process.exit(1);
  }
  const mailTransport = config.SMTP_URL ? await smtpTransport(config.SMTP_URL, config.MAIL_FROM) : null;
  // Several processes share one PostgreSQL database, so their events must cross through it.
  const events = config.DATABASE_URL ? await PostgresEventBus.connect(config.DATABASE_URL, 'app') : new LocalEventBus();
  // With Stripe's keys, cards are tokenized by Stripe.js and charged by Stripe (STRIPE_JS_URL and
  // STRIPE_API_URL may point at stand-ins); without them, buildApp's local provider checks them.
  // The app's logger exists only once the app is built; the provider logs only while serving.
  const payments = paymentsFromConfig(config, { warn: (details, message) => app.log.warn(details, message) });
  // With PLAID_CLIENT_ID and PLAID_SECRET, banks can be linked through Plaid; without, none.
  // PLAID_API_URL, when set, points it at a stand-in of Plaid's API instead of PLAID_ENV's host.
  const bankLink = bankLinkFromConfig(config, config.PLAID_API_URL);
  const app = await buildApp({ config, database, mailTransport, events, payments, bankLink });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await events.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // The address bound, as the operating system reports it, not a friendlier name for it.
  const address = app.server.address();
  app.log.info(
    `Mindspend ${appVersion()} is listening on ${listenUrl(address)} (${database.dialect})${reachNote(address)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
