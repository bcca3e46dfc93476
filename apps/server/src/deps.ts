/** What buildApp needs from the outside world; tests pass their own clock, database and providers. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { AnswerCache } from './lib/answer-cache';
import type { DialectName } from './db/connection';
import type { Database } from './db/schema';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { Mailer } from './lib/mailer';
import type { PaymentProvider } from './modules/billing/payment-provider';
import type { BankLink } from './modules/institutions/bank-link';
import type { WebhookSeam } from './modules/webhooks/webhook-seam';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider;
  /** The bank-data provider (Plaid), or null when none is configured (DECISIONS.md #8). */
  bankLink: BankLink | null;
  events: EventBus;
  logger: FastifyBaseLogger;
  /** Serialized answers of the heavy read routes, reused until the user's data changes. */
  answers: AnswerCache;
  /** What a write needs of outbound webhooks (DECISIONS.md #94): wake the sender, read budget statuses. */
  webhooks: WebhookSeam;
}
