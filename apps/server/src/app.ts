/** buildApp(deps): the whole HTTP application, used by main.ts and by every API test. */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { appVersion } from './build-info';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import { pendingMigrations } from './db/pending-migrations';
import type { AppDeps } from './deps';
import { AnswerCache } from './lib/answer-cache';
import { type Clock, systemClock } from './lib/clock';
import { type EventBus, LocalEventBus } from './lib/event-bus';
import { builtInlineScriptHashes } from './lib/inline-script-hashes';
import { Mailer, type MailTransport } from './lib/mailer';
import { redactUrl } from './lib/redact-url';
import accountsRoutes from './modules/accounts/accounts.routes';
import authRoutes from './modules/auth/auth.routes';
import sessionsRoutes from './modules/auth/sessions.routes';
import twoFactorRoutes from './modules/two-factor/two-factor.routes';
import budgetsRoutes from './modules/budgets/budgets.routes';
import billingRoutes from './modules/billing/billing.routes';
import { LocalPaymentProvider, type PaymentProvider } from './modules/billing/payment-provider';
import categoriesRoutes from './modules/categories/categories.routes';
import contactRoutes from './modules/contact/contact.routes';
import eventsRoutes from './modules/events/events.routes';
import attachmentsRoutes from './modules/attachments/attachments.routes';
import { attachmentStoreFor } from './modules/attachments/store-for-config';
import { AttachmentSweepJob } from './modules/attachments/sweep.job';
import backupRoutes from './modules/backup/backup.routes';
import exportRoutes from './modules/export/export.routes';
import feelingsRoutes from './modules/feelings/feelings.routes';
import { FxRatesJob } from './modules/fx-rates/fx-rates.job';
import fxRatesRoutes from './modules/fx-rates/fx-rates.routes';
import { ImportJobQueue } from './modules/imports/job-queue';
import importsRoutes from './modules/imports/imports.routes';
import switchingRoutes from './modules/switching/switching.routes';
import entitiesRoutes from './modules/entities/entities.routes';
import booksRoutes from './modules/books/books.routes';
import goalsRoutes from './modules/goals/goals.routes';
import healthRoutes from './modules/health/health.routes';
import { ReadinessCheck } from './modules/health/readiness';
import rulesRoutes from './modules/rules/rules.routes';
import incomeRoutes from './modules/income/income.routes';
import insightsRoutes from './modules/insights/insights.routes';
import reportsRoutes from './modules/reports/reports.routes';
import type { BankLink } from './modules/institutions/bank-link';
import institutionsRoutes from './modules/institutions/institutions.routes';
import plaidWebhookRoutes from './modules/institutions/plaid-webhook.routes';
import metricsRoutes from './modules/metrics/metrics.routes';
import notificationsRoutes from './modules/notifications/notifications.routes';
import passkeysRoutes from './modules/passkeys/passkeys.routes';
import oidcRoutes from './modules/oidc/oidc.routes';
import personalTokensRoutes from './modules/personal-tokens/personal-tokens.routes';
import { ReflectionEmailJob } from './modules/reflection-email/reflection-email.job';
import { PauseReminderJob } from './modules/pauses';
import pausesRoutes from './modules/pauses/pauses.routes';
import { OcrPool } from './modules/receipts';
import receiptsRoutes from './modules/receipts/receipts.routes';
import detectedSubscriptionsRoutes from './modules/detected-subscriptions/detected-subscriptions.routes';
import reflectionEmailRoutes from './modules/reflection-email/reflection-email.routes';
import transactionsRoutes from './modules/transactions/transactions.routes';
import transfersRoutes from './modules/transfers/transfers.routes';
import usersRoutes from './modules/users/users.routes';
import { WebhookSenderJob, sendWebhook } from './modules/webhooks';
import { budgetStatusesNow } from './modules/budgets';
import webhooksRoutes from './modules/webhooks/webhooks.routes';
import { PushNudgeJob } from './modules/push/nudge-sender.job';
import { resealLegacyCredentials } from './modules/institutions/credential-reseal';
import { BankSyncJob } from './modules/institutions/bank-sync.job';
import { lazyVapidKeys } from './modules/push/vapid-keys';
import pushRoutes from './modules/push/push.routes';
import authPlugin from './plugins/auth';
import cleanTextPlugin from './plugins/clean-text';
import idempotencyPlugin from './plugins/idempotency';
import compressJsonPlugin from './plugins/compress-json';
import errorsPlugin from './plugins/errors';
import jsonBodyPlugin from './plugins/json-body';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  payments?: PaymentProvider;
  /** A bank-data provider; none unless given (main.ts passes Plaid when it is configured). */
  bankLink?: BankLink | null;
  mailTransport?: MailTransport | null;
  /** Realtime events; in memory unless given (main.ts passes the PostgreSQL bus at scale). */
  events?: EventBus;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go; standard output unless given (a test reads them). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the API document's coverage test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** How long POST /api/receipts waits for its read before answering 202 (DECISIONS.md #108). */
  receiptWaitMs?: number;
}

/**
 * Receipts read at once: one per process, as reading takes a core for a second and this server
 * shares its cores with the database (DECISIONS.md #108).
 */
const OCR_WORKERS = 1;
/** A receipt read within this answers 200 at once; a slower one 202 (DECISIONS.md #108). */
const RECEIPT_WAIT_MS = 4_000;

/** JSON bodies above this are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 1024 * 1024;
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      // The request line is logged for every request; its URL may hold a reset link's token or
      // a secret query parameter, which the log must not keep (issue 12).
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream && { stream: options.logStream }),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  // Outbound webhooks (DECISIONS.md #94); every process sends, each delivery's lease sends it once.
  const webhookSender = new WebhookSenderJob({
    db: options.database.db,
    dialect: options.database.dialect,
    clock,
    config,
    logger: app.log,
    send: sendWebhook,
  });
  app.decorate('webhooks', webhookSender);
  app.addHook('onReady', async () => webhookSender.start());
  app.addHook('onClose', () => webhookSender.stop());
  const deps: AppDeps = {
    config,
    db: options.database.db,
    dialect: options.database.dialect,
    clock,
    mailer: new Mailer(clock, app.log, options.mailTransport ?? null),
    payments: options.payments ?? new LocalPaymentProvider(),
    bankLink: options.bankLink ?? null,
    events: options.events ?? new LocalEventBus(),
    logger: app.log,
    // Empty at start-up, it grows with use up to ANSWER_CACHE_MB; least recently used books go first.
    answers: new AnswerCache(config.ANSWER_CACHE_MB * 1024 * 1024),
    webhooks: {
      kick: () => webhookSender.kick(),
      budgetStatuses: (scope, db) => budgetStatusesNow(deps, scope, db),
    },
  };

  // Bank credentials still sealed under PLAID_SECRET are sealed again under the bank key (DECISIONS.md #106).
  const bankLink = deps.bankLink;
  if (bankLink) app.addHook('onReady', async () => void (await resealLegacyCredentials(deps.db, bankLink.cipher, app.log)));

  // Every linked bank syncs by itself (DECISIONS.md #106); each link's lease syncs it on one process.
  const bankSync = new BankSyncJob(deps);
  app.decorate('bankSync', bankSync);
  app.addHook('onReady', async () => bankSync.start());
  app.addHook('onClose', () => bankSync.stop());

  // Receipt reading (DECISIONS.md #108): workers made on the first receipt, ended when idle.
  const ocrPool = new OcrPool({ size: OCR_WORKERS, maxWaiting: 4, idleMs: 60_000, readTimeoutMs: 60_000 });
  app.addHook('onClose', () => ocrPool.close());
  const receiptReader = { pool: ocrPool, waitMs: options.receiptWaitMs ?? RECEIPT_WAIT_MS };

  const importQueue = new ImportJobQueue(deps);
  app.decorate('imports', importQueue);
  app.addHook('onReady', () => importQueue.start());
  app.addHook('onClose', () => importQueue.stop());
  // The monthly reflection e-mail (DECISIONS.md #59); every process runs it, the claim sends once.
  const reflectionEmails = new ReflectionEmailJob(deps);
  app.addHook('onReady', async () => reflectionEmails.start());
  app.addHook('onClose', () => reflectionEmails.stop());
  // Reminders of the pause list (DECISIONS.md #99); every process looks, the once-key reminds once.
  const pauseReminders = new PauseReminderJob(deps);
  app.addHook('onReady', async () => pauseReminders.start());
  app.addHook('onClose', () => pauseReminders.stop());
  // Push nudges (DECISIONS.md #103); every process sends, each nudge's lease sends it once.
  const vapid = lazyVapidKeys(config, options.database.dialect);
  const pushNudges = new PushNudgeJob({ ...deps, send: sendWebhook, keys: vapid });
  app.decorate('push', pushNudges);
  app.addHook('onReady', async () => pushNudges.start());
  app.addHook('onClose', () => pushNudges.stop());
  // Attachments (DECISIONS.md #107): one store per process; the lease makes one process sweep at a time.
  const attachments = { db: deps.db, dialect: deps.dialect, clock, store: attachmentStoreFor(config) };
  const attachmentSweep = new AttachmentSweepJob(attachments, app.log);
  app.decorate('attachmentSweep', attachmentSweep);
  app.addHook('onReady', async () => attachmentSweep.start());
  app.addHook('onClose', () => attachmentSweep.stop());
  // Exchange rates from FX_RATES_URL (DECISIONS.md #87); every process looks, the lease fetches once.
  const fxRates = new FxRatesJob(deps);
  app.addHook('onReady', async () => fxRates.start());
  app.addHook('onClose', () => fxRates.stop());

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  const webDistDir = options.serveWeb === false ? '' : config.WEB_DIST_DIR;
  await app.register(securityPlugin, { ...deps, inlineScripts: builtInlineScriptHashes(webDistDir) });
  await app.register(cleanTextPlugin);
  // Before compressJsonPlugin: an idempotent write's answer is kept as JSON text, not compressed.
  await app.register(idempotencyPlugin, deps);
  await app.register(compressJsonPlugin);
  await app.register(authPlugin, deps);
  // The release's version (the root package.json's, build-info.ts), as GET /api/health states it.
  const version = appVersion();
  await app.register(openapiPlugin, { version });
  await app.register(metricsRoutes, {
    deps,
    importQueue,
    ...(options.database.poolUse && { poolUse: options.database.poolUse }),
  });
  await app.register(
    async (api) => {
      const readiness = new ReadinessCheck(() => pendingMigrations(options.database));
      await api.register(healthRoutes, { deps, readiness, version });
      await api.register(authRoutes, deps);
      await api.register(sessionsRoutes, deps);
      await api.register(oidcRoutes, deps);
      await api.register(twoFactorRoutes, deps);
      await api.register(passkeysRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(notificationsRoutes, deps);
      await api.register(contactRoutes, deps);
      await api.register(billingRoutes, deps);
      await api.register(institutionsRoutes, deps);
      await api.register(plaidWebhookRoutes, deps);
      await api.register(accountsRoutes, deps);
      await api.register(categoriesRoutes, deps);
      await api.register(entitiesRoutes, deps);
      await api.register(transactionsRoutes, deps);
      await api.register(transfersRoutes, deps);
      await api.register(budgetsRoutes, deps);
      await api.register(eventsRoutes, deps);
      await api.register(importsRoutes, { deps, importQueue });
      await api.register(switchingRoutes, deps);
      await api.register(incomeRoutes, deps);
      await api.register(booksRoutes, deps);
      await api.register(fxRatesRoutes, deps);
      await api.register(goalsRoutes, deps);
      await api.register(pausesRoutes, deps);
      await api.register(detectedSubscriptionsRoutes, deps);
      await api.register(insightsRoutes, deps);
      await api.register(reportsRoutes, deps);
      await api.register(feelingsRoutes, deps);
      await api.register(exportRoutes, { ...deps, store: attachments.store });
      await api.register(attachmentsRoutes, { ...attachments, maxMb: config.ATTACHMENT_MAX_MB });
      await api.register(backupRoutes, { ...deps, store: attachments.store, attachmentMaxBytes: config.ATTACHMENT_MAX_MB * 1024 * 1024 });
      await api.register(personalTokensRoutes, deps);
      await api.register(rulesRoutes, deps);
      await api.register(reflectionEmailRoutes, deps);
      await api.register(webhooksRoutes, deps);
      await api.register(pushRoutes, { deps, keys: vapid });
      await api.register(receiptsRoutes, { deps, reader: receiptReader });
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, { distDir: webDistDir });
  return app;
}
