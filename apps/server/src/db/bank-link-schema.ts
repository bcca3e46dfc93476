/** Kysely table types of linked banks (migrations 0010, 0047 and 0050, DECISIONS.md #8, #106, #111). */
import type { Generated, Selectable } from 'kysely';

export type InstitutionStatus = 'connected' | 'relink_required';

/** The providers a link can be made through (DECISIONS.md #106). */
export const BANK_PROVIDER_NAMES = ['plaid', 'simplefin', 'enable_banking'] as const;
export type BankProviderName = (typeof BANK_PROVIDER_NAMES)[number];

export interface LinkedInstitutionsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  /** The provider's id of the link (Plaid's item_id). */
  item_id: string;
  /** The provider's access token, sealed by TokenCipher; never stored in the clear. */
  access_token_encrypted: string;
  name: string;
  status: InstitutionStatus;
  /** Where the next transactions sync starts; null before the first one. */
  cursor: string | null;
  last_synced_at: string | null;
  created_at: string;
  /** Which provider the link was made through (migration 0047). */
  provider: Generated<BankProviderName>;
  /** When the scheduled sync next takes the link up; null: at once. */
  next_sync_at: string | null;
  /** The last sync's attempt, whatever came of it (last_synced_at is the last success). */
  last_sync_at: string | null;
  last_sync_added: number | null;
  last_sync_error: string | null;
  /** Failed syncs in a row, for the backoff; 0 after a success. */
  sync_failures: Generated<number>;
  /** The provider's own messages of the last sync (SimpleFIN's `errors`), a JSON array of text. */
  notices: string | null;
  /** When the bank's consent lapses (Enable Banking's `valid_until`, migration 0050); null: no known day. */
  consent_expires_at: string | null;
}

/** A redirect to a bank under way (migration 0050): its `state` kept as a hash, single use. */
export interface BankLinkStatesTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the state sent to the provider; the state itself is never stored. */
  state_hash: string;
  book_id: number;
  user_id: number;
  provider: BankProviderName;
  bank_name: string;
  country: string;
  expires_at: string;
  created_at: string;
}

export interface LinkedAccountsTable {
  id: Generated<number>;
  /** The book the row belongs to (migration 0028). */
  book_id: number;
  institution_id: number;
  /** The provider's id of the bank account. */
  provider_account_id: string;
  /** The Mindspend account its transactions go to. */
  account_id: number;
}

export interface BankLinkTables {
  linked_institutions: LinkedInstitutionsTable;
  linked_accounts: LinkedAccountsTable;
  bank_link_states: BankLinkStatesTable;
}

export type LinkedInstitutionRow = Selectable<LinkedInstitutionsTable>;
export type LinkedAccountRow = Selectable<LinkedAccountsTable>;
