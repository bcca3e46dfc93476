/** Kysely types of the personal access tokens (migration 0013, DECISIONS.md #39). */
import type { Generated, Selectable } from 'kysely';

export type PersonalTokenScope = 'read' | 'write';

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: PersonalTokenScope;
  /** SHA-256 of the token, hex; the token itself is shown once and never stored (DECISIONS.md #3). */
  token_hash: string;
  created_at: string;
  /** Updated at most every few minutes, not on every request (plugins/personal-token-use.ts). */
  last_used_at: string | null;
}

export interface PersonalTokenTables {
  personal_access_tokens: PersonalAccessTokensTable;
}

export type PersonalTokenRow = Selectable<PersonalAccessTokensTable>;
