/** Kysely table types of linked banks (migration 0010, DECISIONS.md #8). */
import type { Generated, Selectable } from 'kysely';

export type InstitutionStatus = 'connected' | 'relink_required';

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
}

export type LinkedInstitutionRow = Selectable<LinkedInstitutionsTable>;
export type LinkedAccountRow = Selectable<LinkedAccountsTable>;
