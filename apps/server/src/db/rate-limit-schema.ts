/** Kysely table types of the shared rate limiter (migration 0009). */

export interface RateLimitHitsTable {
  /** The route (method and URL) and the client address, e.g. `POST /api/login|203.0.113.7`. */
  key: string;
  /** Hits in the current window, this one included. */
  count: number;
  /** End of the current window, in milliseconds since the epoch (plain numbers compare alike on both dialects). */
  expires_at: number;
}

export interface RateLimitTables {
  rate_limit_hits: RateLimitHitsTable;
}
