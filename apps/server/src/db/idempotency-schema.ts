/** Kysely table type of idempotent creates (migration 0045; docs/DECISIONS.md #101). */
import type { Generated, Selectable } from 'kysely';

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** SHA-256 (hex) of the method, the path and the body. */
  request_hash: string;
  /** Null while the first request is still being answered. */
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
