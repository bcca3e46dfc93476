/**
 * Forward-only migrations, run at start-up on SQLite and PostgreSQL alike, and by `npm run migrate`
 * (migrate-command.ts) so a deployment can migrate once before it rolls its processes.
 */
import { type Kysely, type Migration, Migrator } from 'kysely';
import type { DatabaseHandle } from './connection';
import { sqliteConnectionOf } from './sqlite-database';
import type { MigrationContext } from './migrations/helpers';
import * as foundation from './migrations/0001-foundation';
import * as ledger from './migrations/0002-ledger';
import * as budgets from './migrations/0004-budgets';
import * as imports from './migrations/0005-imports';
import * as incomeGoals from './migrations/0006-income-goals';
import * as insightsIndexes from './migrations/0007-insights-indexes';
import * as dataRevision from './migrations/0008-data-revision';
import * as rateLimits from './migrations/0009-rate-limits';
import * as bankLinks from './migrations/0010-bank-links';
import * as oneOfAKind from './migrations/0011-one-of-a-kind';
import * as sessionsTwoFactor from './migrations/0012-sessions-two-factor';
import * as personalAccessTokens from './migrations/0013-personal-access-tokens';
import * as importMappings from './migrations/0014-import-mappings';
import * as feelingsFurther from './migrations/0016-feelings-further';
import * as transfers from './migrations/0017-transfers';
import * as transferSuggestions from './migrations/0018-transfer-suggestions';
import * as rules from './migrations/0019-rules';
import * as reportIndexes from './migrations/0020-report-indexes';
import * as budgetRolloverRegretCap from './migrations/0021-budget-rollover-regret-cap';
import * as regretRadar from './migrations/0022-regret-radar';
import * as reflectionEmail from './migrations/0023-reflection-email';
import * as perfIndexes from './migrations/0024-perf-indexes';
import * as revisionOncePerBulkStatement from './migrations/0025-revision-once-per-bulk-statement';
import * as insightsCover from './migrations/0027-insights-cover';
import * as books from './migrations/0028-books';
import * as bookInvitations from './migrations/0029-book-invitations';
import * as memberFeelings from './migrations/0030-member-feelings';
import * as knownDevices from './migrations/0031-known-devices';
import * as memberPlans from './migrations/0032-member-plans';
import * as passkeys from './migrations/0033-passkeys';
import * as oidc from './migrations/0034-oidc';
import * as sessionAddress from './migrations/0035-session-address';
import * as privateAccounts from './migrations/0036-private-accounts';
import * as timeZones from './migrations/0037-time-zones';
import * as fxRates from './migrations/0038-fx-rates';
import * as accountCurrencies from './migrations/0039-account-currencies';
import * as webhooks from './migrations/0040-webhooks';
import * as importQuestions from './migrations/0041-import-questions';
import * as bookCategories from './migrations/0042-book-categories';
import * as pauses from './migrations/0043-pauses';
import * as detectedSubscriptions from './migrations/0044-detected-subscriptions';
import * as idempotencyKeys from './migrations/0045-idempotency-keys';
import * as push from './migrations/0046-push';
import * as bankProviders from './migrations/0047-bank-providers';
import * as attachments from './migrations/0048-attachments';
import * as receiptReads from './migrations/0049-receipt-reads';
import * as enableBanking from './migrations/0050-enable-banking';

type MigrationModule = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Numbered migrations in order; add new ones at the end, never edit a released one. */
const MIGRATIONS = {
  '0001-foundation': foundation,
  '0002-ledger': ledger,
  '0004-budgets': budgets,
  '0005-imports': imports,
  '0006-income-goals': incomeGoals,
  '0007-insights-indexes': insightsIndexes,
  '0008-data-revision': dataRevision,
  '0009-rate-limits': rateLimits,
  '0010-bank-links': bankLinks,
  '0011-one-of-a-kind': oneOfAKind,
  '0012-sessions-two-factor': sessionsTwoFactor,
  '0013-personal-access-tokens': personalAccessTokens,
  '0014-import-mappings': importMappings,
  '0016-feelings-further': feelingsFurther,
  '0017-transfers': transfers,
  '0018-transfer-suggestions': transferSuggestions,
  '0019-rules': rules,
  '0020-report-indexes': reportIndexes,
  '0021-budget-rollover-regret-cap': budgetRolloverRegretCap,
  '0022-regret-radar': regretRadar,
  '0023-reflection-email': reflectionEmail,
  '0024-perf-indexes': perfIndexes,
  '0025-revision-once-per-bulk-statement': revisionOncePerBulkStatement,
  '0027-insights-cover': insightsCover,
  '0028-books': books,
  '0029-book-invitations': bookInvitations,
  '0030-member-feelings': memberFeelings,
  '0031-known-devices': knownDevices,
  '0032-member-plans': memberPlans,
  '0033-passkeys': passkeys,
  '0034-oidc': oidc,
  '0035-session-address': sessionAddress,
  '0036-private-accounts': privateAccounts,
  '0037-time-zones': timeZones,
  '0038-fx-rates': fxRates,
  '0039-account-currencies': accountCurrencies,
  '0040-webhooks': webhooks,
  '0041-import-questions': importQuestions,
  '0042-book-categories': bookCategories,
  '0043-pauses': pauses,
  '0044-detected-subscriptions': detectedSubscriptions,
  '0045-idempotency-keys': idempotencyKeys,
  '0046-push': push,
  '0047-bank-providers': bankProviders,
  '0048-attachments': attachments,
  '0049-receipt-reads': receiptReads,
  '0050-enable-banking': enableBanking,
} satisfies Record<string, MigrationModule>;

export type MigrationName = keyof typeof MIGRATIONS;

/** This build's migrations, in order (GET /api/ready compares them with those applied). */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS) as readonly MigrationName[];

function migratorFor(handle: DatabaseHandle): Migrator {
  const ctx: MigrationContext = { dialect: handle.dialect, sqlite: sqliteConnectionOf(handle.db) };
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db) => module.up(db, ctx) };
  }
  return new Migrator({
    db: handle.db,
    // Kysely looks for its bookkeeping tables in every schema unless told which one: another
    // schema's (e.g. a test run's) would make it skip creating them in ours.
    migrationTableSchema: handle.schema,
    provider: { getMigrations: async () => migrations },
  });
}

/**
 * Applies every pending migration (or those up to `upTo`, for tests of a migration's repair of
 * older data) and returns the names it applied; throws (and applies nothing more) when one fails.
 */
export async function migrateToLatest(handle: DatabaseHandle, upTo?: MigrationName): Promise<string[]> {
  const migrator = migratorFor(handle);
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

export interface MigrationState {
  name: string;
  /** When it was applied (ISO-8601), or null while pending. */
  appliedAt: string | null;
}

/** Every migration in order, applied or pending; reads only (`npm run migrate -- --status`). */
export async function migrationStatus(handle: DatabaseHandle): Promise<MigrationState[]> {
  const migrations = await migratorFor(handle).getMigrations();
  return migrations.map((migration) => ({ name: migration.name, appliedAt: migration.executedAt?.toISOString() ?? null }));
}
