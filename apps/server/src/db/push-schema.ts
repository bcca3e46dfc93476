/** Kysely types of push nudges (migration 0046; docs/DECISIONS.md #103). */
import type { Generated, Selectable } from 'kysely';

/** A device of a person that allowed notifications. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for this device: a capability, never shown again after it is given. */
  endpoint: string;
  /** The browser's P-256 public key, base64url: the payload is encrypted to it. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
  label: string;
  created_at: string;
  updated_at: string;
  last_sent_at: string | null;
}

export type PushNudgeStatus = 'pending' | 'sent' | 'dropped' | 'failed';

/** One "how did that feel?" for the purchases of one import or bank sync: the outbox row. */
export interface PushNudgesTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  /** pending until sent; dropped when every purchase had a feeling before it went; failed after a day of failures. */
  status: PushNudgeStatus;
  attempts: number;
  /** When it is next due (quiet hours and retries move it); null once it ended. */
  next_attempt_at: string | null;
  /** A process sending it holds it until then. */
  leased_until: string | null;
  /** When it was first tried: its retries are spaced from then. */
  first_tried_at: string | null;
  /** Comma list of the subscription ids an earlier try already reached ('' none). */
  delivered_to: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface PushNudgeTransactionsTable {
  nudge_id: number;
  transaction_id: number;
}

/** The token behind a notification's feeling buttons. */
export interface PushActionTokensTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  transaction_id: number;
  /** SHA-256 hex of the token (lib/tokens.ts); the token itself is only in the encrypted payload. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_nudges: PushNudgesTable;
  push_nudge_transactions: PushNudgeTransactionsTable;
  push_action_tokens: PushActionTokensTable;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushNudgeRow = Selectable<PushNudgesTable>;
