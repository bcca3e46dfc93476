/**
 * A fresh application for each API test file, on SQLite (default) or PostgreSQL
 * (MINDSPEND_TEST_DB=postgres, server from TEST_DATABASE_URL), each file in its own schema.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import pg from 'pg';
import webpush from 'web-push';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/connection';
import { type MigrationName, migrateToLatest } from '../db/migrate';
import { sqliteConnectionOf } from '../db/sqlite-database';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import type { MailTransport } from '../lib/mailer';
import type { PaymentProvider } from '../modules/billing/payment-provider';
import type { BankLink } from '../modules/institutions/bank-link';

/** One VAPID pair per test run (DECISIONS.md #103): without it, the first push would write DATA_DIR/vapid.json into the repository. */
const TEST_VAPID = webpush.generateVAPIDKeys();

export const TEST_DB = process.env.MINDSPEND_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  /** Jumps to a moment, e.g. `2026-11-15T12:00:00Z`. */
  set(iso: string): void {
    this.current = new Date(iso);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A card provider of the test's own (e.g. one that records cancellations). */
  payments?: PaymentProvider;
  /** A bank-data provider (e.g. Plaid pointed at the fake in fake-plaid.ts). */
  bankLink?: BankLink;
  /** A realtime event bus of the test's own (e.g. one that fails part-way). */
  events?: EventBus;
  /** An SMTP stand-in of the test's own (e.g. one that never answers). */
  mailTransport?: MailTransport;
  /**
   * PostgreSQL only: a second server process on this app's schema and clock, with its own
   * connection pool. Close it before `shareDatabaseWith`, whose close drops the schema.
   */
  shareDatabaseWith?: TestApp;
  /** How long POST /api/receipts waits for its read before answering 202 (the app's own unless given). */
  receiptWaitMs?: number;
  /** Migrates only up to this migration (a test of a later migration's repair of older data). */
  migrateUpTo?: MigrationName;
  /** Receives the app's log lines (pass LOG_LEVEL in the overrides to see them). */
  logStream?: { write(line: string): void };
  /** Serves the web build found at the `WEB_DIST_DIR` override (a test of the SPA's serving). */
  serveWeb?: boolean;
  /** Told of every route as it is registered (the API document's coverage test). */
  onRoute?: (route: RouteOptions) => void;
}

let migratedSqlite: Promise<Buffer> | undefined;

/**
 * One in-memory SQLite database migrated to the latest schema, serialized, per test process (the
 * API files share one module graph, vitest.config.ts): each test app starts from a copy. Migrating
 * every app anew cost about 130 ms of CPU each, hundreds of times in the SQLite API stage.
 */
function migratedSqliteImage(): Promise<Buffer> {
  migratedSqlite ??= (async () => {
    const template = openDatabase({ dataDir: '', sqliteFile: ':memory:' });
    await migrateToLatest(template);
    const connection = sqliteConnectionOf(template.db);
    if (!connection) throw new Error('The migrated template is not a SQLite database.');
    const image = connection.serialize();
    await template.close();
    return image;
  })();
  return migratedSqlite;
}

export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PROMO_CODES: 'WELCOME100',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Many tests move the clock by months or years with one sign-in; session expiry has its own
    // tests (sessions.api.test.ts), which set the real defaults back.
    SESSION_IDLE_DAYS: '3650',
    SESSION_MAX_DAYS: '3650',
    APP_URL: 'http://localhost:3000',
    // Without it, two-factor set-up would write its key file into the repository's data directory.
    TWO_FACTOR_ENCRYPTION_KEY: 'test-two-factor-key-of-at-least-32-characters',
    // Likewise the key of unsubscribe links (DECISIONS.md #60).
    UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-of-at-least-32-characters',
    VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
    ...overrides,
  });
  const shared = options.shareDatabaseWith;
  if (shared && shared.database.dialect !== 'postgres') throw new Error('Only a PostgreSQL database can be shared.');
  let schema = shared?.database.schema;
  if (TEST_DB === 'postgres' && !shared) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.end();
  }
  // A fully migrated SQLite database starts as a copy of this process's migrated one.
  const sqliteImage = TEST_DB === 'sqlite' && !options.migrateUpTo ? await migratedSqliteImage() : undefined;
  const database = openDatabase({
    databaseUrl: TEST_DB === 'postgres' ? PG_URL : undefined,
    dataDir: '',
    sqliteFile: ':memory:',
    pgSchema: schema,
    ...(sqliteImage && { sqliteImage }),
  });
  if (!shared && !sqliteImage) await migrateToLatest(database, options.migrateUpTo);
  const clock = shared?.clock ?? new TestClock();
  const app = await buildApp({
    config,
    database,
    clock,
    serveWeb: options.serveWeb ?? false,
    ...(options.payments && { payments: options.payments }),
    ...(options.bankLink && { bankLink: options.bankLink }),
    ...(options.events && { events: options.events }),
    ...(options.mailTransport && { mailTransport: options.mailTransport }),
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.onRoute && { onRoute: options.onRoute }),
    ...(options.receiptWaitMs !== undefined && { receiptWaitMs: options.receiptWaitMs }),
  });
  await app.ready();

  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      if (schema && !shared) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}

export const STRONG_PASSWORD = 'Mindful123';

/** Registers a free user and returns their token, id and the id of their personal book. */
export async function registerUser(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { plan: 'free', email, password, password_confirmation: password, timezone: 0 },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const body = response.json<{ api_token: string; user: { id: number } }>();
  const books = await app.inject({ method: 'GET', url: '/api/books', headers: { authorization: `Bearer ${body.api_token}` } });
  const personal = books.json<{ books: { id: number; personal: boolean }[] }>().books.find((book) => book.personal);
  if (!personal) throw new Error(`register left no personal book: ${books.body}`);
  return { token: body.api_token, userId: body.user.id, bookId: personal.id };
}

/** inject() with a bearer token. */
export function asUser(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}
