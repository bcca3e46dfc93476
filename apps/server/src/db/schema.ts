/** Kysely table types: one interface per table, snake_case as stored. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FeelingsTables } from './feelings-schema';
import type { FxRateTables } from './fx-rate-schema';
import type { BankLinkTables } from './bank-link-schema';
import type { BudgetTables } from './budget-schema';
import type { ImportTables } from './import-schema';
import type { IncomeTables } from './income-schema';
import type { LedgerTables } from './ledger-schema';
import type { OidcTables } from './oidc-schema';
import type { PasskeyTables } from './passkey-schema';
import type { WebhookTables } from './webhook-schema';
import type { PauseTables } from './pause-schema';
import type { ReceiptTables } from './receipt-schema';
import type { DetectedSubscriptionTables } from './detected-subscription-schema';
import type { IdempotencyTables } from './idempotency-schema';
import type { PushTables } from './push-schema';
import type { AttachmentTables } from './attachment-schema';
import type { PersonalTokenTables } from './personal-token-schema';
import type { RateLimitTables } from './rate-limit-schema';
import type { RuleTables } from './rule-schema';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  plan: 'free' | 'budget_master';
  stripe_id: string | null;
  /**
   * The offset from UTC in hours the person had at their last change of zone (DECISIONS.md #13):
   * no longer read by this code, still written for processes of older code during an upgrade.
   */
  timezone: number;
  /** The person's IANA time zone (migration 0037, DECISIONS.md #85): every local date follows it; UTC unless set. */
  time_zone: ColumnType<string, string | undefined, string>;
  finished_budget_suggestions: number;
  /** Days after an expense before its second look; null: off (migration 0016). */
  second_look_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the monthly reflection e-mail was turned on; null: off (migration 0023). */
  reflection_email_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** Quiet hours of push nudges, HH:MM in `time_zone` (migration 0046, DECISIONS.md #103); both null: none. */
  push_quiet_start: ColumnType<string | null, string | null | undefined, string | null>;
  push_quiet_end: ColumnType<string | null, string | null | undefined, string | null>;
  /** TOTP secret sealed with TWO_FACTOR_ENCRYPTION_KEY (DECISIONS.md #28); set while pending or on. */
  two_factor_secret_encrypted: Generated<string | null>;
  /** When two-factor sign-in was turned on; null while off. */
  two_factor_enabled_at: Generated<string | null>;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  two_factor_last_step: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, hex; the token itself is never stored (DECISIONS.md #3). */
  token_hash: string;
  created_at: string;
  /** Refreshed at most every few minutes (SESSION_TOUCH_MINUTES in plugins/auth.ts); idle expiry counts from it. */
  last_used_at: string;
  /** 'Chrome on macOS', from the sign-in's User-Agent (deviceLabel in packages/domain). */
  device: string;
  /** The client address of the sign-in, then of the latest use (migration 0035); null before it. */
  last_address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A device the person has signed in from (migration 0031): a sign-in from another is mailed about. */
export interface KnownDevicesTable {
  user_id: number;
  /** deviceLabel of the sign-in's User-Agent, as `api_tokens.device`. */
  device: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the code (DECISIONS.md #28). */
  code_hash: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan: 'budget_master';
  provider: string;
  provider_ref: string;
  amount_cents: number;
  status: 'active' | 'canceled';
  card_last4: string | null;
  promo_code: string | null;
  current_period_end: string;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  reason: string;
  body: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  user_id: number | null;
  to_address: string;
  subject: string;
  body_text: string;
  /** The HTML part, for messages that have one (migration 0023). */
  body_html: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  title: string;
  message: string;
  read_at: string | null;
  created_at: string;
  /** Set on a notification that may exist once per user (migration 0022); null for the others. */
  once_key: string | null;
  /** The one member the notice is for (migration 0036); null: every member of the book. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** What a member may do in a book (issue 25): owners manage it, editors write, viewers read. */
export type BookRole = 'owner' | 'editor' | 'viewer';

/** The tenant of every row of money data (migration 0028, docs/DECISIONS.md #73). */
export interface BooksTable {
  id: Generated<number>;
  name: string;
  /** The user whose personal book this is; null for a book made to share. */
  personal_user_id: number | null;
  /** ISO 4217 code of the book's figures (migration 0038, DECISIONS.md #87); USD unless changed. */
  base_currency: ColumnType<string, string | undefined, string>;
  /** Bumped by database triggers on every write to the book's money data (migrations 0008, 0028). */
  data_revision: Generated<number>;
  /** Bumped by triggers when a felt expense or any split line changes: the regret radar's counts (migration 0022). */
  feelings_revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BookMembersTable {
  book_id: number;
  user_id: number;
  role: BookRole;
  /** 1 when the member lets the other members see their feelings in this book. */
  share_feelings: Generated<number>;
  joined_at: string;
}

/**
 * A member's own feelings about a transaction of a shared book (migration 0030); in a personal
 * book they are the transaction's own columns (db/feelings.ts).
 */
export interface MemberFeelingsTable {
  book_id: number;
  transaction_id: number;
  user_id: number;
  emotion: string | null;
  second_feeling: string | null;
  updated_at: string;
}

/** An invitation to a book (migration 0029): used once, within 7 days. */
export interface BookInvitationsTable {
  id: Generated<number>;
  book_id: number;
  email: string;
  role: Exclude<BookRole, 'owner'>;
  /** SHA-256 hex of the link's token; the token itself is never stored. */
  token_hash: string;
  invited_by: number | null;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  created_at: string;
}

export interface Database
  extends
    LedgerTables,
    BudgetTables,
    ImportTables,
    IncomeTables,
    RateLimitTables,
    BankLinkTables,
    PersonalTokenTables,
    FeelingsTables,
    RuleTables,
    OidcTables,
    PasskeyTables,
    FxRateTables,
    WebhookTables,
    PauseTables,
    DetectedSubscriptionTables,
    IdempotencyTables,
    PushTables,
    AttachmentTables,
    ReceiptTables {
  users: UsersTable;
  books: BooksTable;
  book_members: BookMembersTable;
  book_invitations: BookInvitationsTable;
  member_feelings: MemberFeelingsTable;
  known_devices: KnownDevicesTable;
  api_tokens: ApiTokensTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  password_resets: PasswordResetsTable;
  subscriptions: SubscriptionsTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  notifications: NotificationsTable;
}

/** Tables holding rows that belong to a person, each with a `user_id` column; the deletion test reads it. */
export const USER_OWNED_TABLES = [
  'api_tokens',
  'two_factor_recovery_codes',
  'password_resets',
  'subscriptions',
  'contact_messages',
  'outbox',
  'personal_access_tokens',
  'reflection_emails',
  'book_members',
  'oidc_identities',
  'oidc_handovers',
  'passkeys',
  'passkey_challenges',
  'pauses',
  'subscription_reviews',
  'idempotency_keys',
  'push_subscriptions',
  'push_nudges',
  'push_action_tokens',
  'receipt_reads',
  'bank_link_states',
] as const satisfies readonly (keyof Database)[];

/** Tables holding rows that belong to a book, each with a `book_id` column (migration 0028). */
export const BOOK_OWNED_TABLES = [
  'accounts',
  'account_balances',
  'entities',
  'transactions',
  'transaction_splits',
  'transfers',
  'transfer_dismissals',
  'budgets',
  'budget_months',
  'budget_rollover_changes',
  'budget_regret_alerts',
  'import_jobs',
  'import_mappings',
  'import_answers',
  'income_sources',
  'goals',
  'linked_institutions',
  'linked_accounts',
  'purpose_targets',
  'month_reflections',
  'rules',
  'notifications',
  'book_invitations',
  'fx_manual_rates',
  'webhooks',
  'webhook_deliveries',
  'pauses',
  'subscription_choices',
  'subscription_reviews',
  'attachments',
  'receipt_reads',
  'bank_link_states',
] as const satisfies readonly (keyof Database)[];

export type UserRow = Selectable<UsersTable>;
export type BookRow = Selectable<BooksTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
