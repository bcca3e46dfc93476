/**
 * SQL of the auth plugin: who a bearer token belongs to. It sits beside the plugin rather than in
 * modules/auth, because every module uses the plugin: a plugin importing a module would tie every
 * module to that one.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import { selectFirstRow } from '../db/direct-reads';
import type { Database, UserRow } from '../db/schema';

/** A personal book as the sign-in lookup reads it alongside its user. */
export interface PersonalBook {
  id: number;
  dataRevision: number;
  feelingsRevision: number;
}

export interface SignedInSession {
  user: UserRow;
  /** The user's personal book: the book of every request that names no other (db/book-scope.ts). */
  personalBook: PersonalBook;
  sessionId: number;
  lastUsedAt: string;
}

type SessionLookupRow = UserRow & {
  session_id: number;
  session_last_used_at: string;
  personal_book_id: number;
  personal_book_data_revision: number;
  personal_book_feelings_revision: number;
};

/** The lookup's values, by name; each request puts its own in their places in the compiled SQL. */
type Slot = 'tokenHash' | 'idleSince' | 'createdSince';
/** Stand-ins compiled into the SQL once, to find which parameter is which. */
const STAND_INS: Record<Slot, string> = { tokenHash: '<token hash>', idleSince: '<idle since>', createdSince: '<created since>' };

interface CompiledLookup {
  query: CompiledQuery<SessionLookupRow>;
  slots: Slot[];
}

/**
 * Every column of `users`, named: the lookup is a prepared statement on PostgreSQL, and one that
 * selected `users.*` would fail on every connection that prepared it once a migration added a
 * column ("cached plan must not change result type") — every sign-in of a running process, until
 * it restarted. A record of every key keeps the list whole: a column added to UsersTable and
 * missing here does not compile.
 */
const READ_USER_COLUMN: Record<keyof UserRow, true> = {
  id: true, email: true, password_hash: true, first_name: true, last_name: true, plan: true, stripe_id: true,
  timezone: true, time_zone: true, finished_budget_suggestions: true, second_look_days: true, reflection_email_since: true,
  push_quiet_start: true, push_quiet_end: true,
  two_factor_secret_encrypted: true, two_factor_enabled_at: true, two_factor_last_step: true, created_at: true,
  updated_at: true,
};
const USER_COLUMNS = Object.keys(READ_USER_COLUMN) as Array<keyof UserRow>;

/** The lookup compiled once per database (a PostgreSQL schema is compiled into its SQL). */
const compiledLookups = new WeakMap<Kysely<Database>, CompiledLookup>();

function compiledLookup(db: Kysely<Database>): CompiledLookup {
  const known = compiledLookups.get(db);
  if (known) return known;
  // The live token is found by a scalar subquery, which SQLite plans on its own as a lookup in
  // the token's unique index; the outer query then only joins by primary keys. Written as one
  // join, SQLite's planner weighs the bound token against the index's sample statistics (stat4,
  // kept by ANALYZE), which makes it compile the statement again on every run: about 20 µs of a
  // 6 µs lookup (docs/DECISIONS.md #72).
  const query: CompiledQuery<SessionLookupRow> = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('books', 'books.personal_user_id', 'users.id')
    .select(USER_COLUMNS.map((column) => `users.${column}` as const))
    .select([
      'api_tokens.id as session_id',
      'api_tokens.last_used_at as session_last_used_at',
      'books.id as personal_book_id',
      'books.data_revision as personal_book_data_revision',
      'books.feelings_revision as personal_book_feelings_revision',
    ])
    .where('api_tokens.id', '=', (eb) =>
      eb
        .selectFrom('api_tokens as live')
        .select('live.id')
        .where('live.token_hash', '=', STAND_INS.tokenHash)
        .where('live.last_used_at', '>', STAND_INS.idleSince)
        .where('live.created_at', '>', STAND_INS.createdSince),
    )
    .compile();
  const slotNames = Object.keys(STAND_INS) as Slot[];
  const slots = query.parameters.map((parameter) => {
    const slot = slotNames.find((name) => STAND_INS[name] === parameter);
    if (!slot) throw new Error(`The sign-in lookup has a parameter it does not fill: ${String(parameter)}`);
    return slot;
  });
  const compiled = { query, slots };
  compiledLookups.set(db, compiled);
  return compiled;
}

/**
 * The user holding the token with this SHA-256 (DECISIONS.md #3), their personal book, and the
 * session it opened; none
 * once the token is revoked or has expired (unused since `idleSince`, or created before
 * `createdSince`: DECISIONS.md #27). One query: it runs on every signed-in request, so its SQL is
 * compiled once and only its values change (docs/DECISIONS.md #62), and on SQLite it runs straight
 * on the connection when no transaction is open on it (docs/DECISIONS.md #68). Nothing about the
 * answer is kept: a revoked or expired token is refused on the very next request, by any process.
 */
export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
  limits: { idleSince: string; createdSince: string },
): Promise<SignedInSession | undefined> {
  const { query, slots } = compiledLookup(db);
  const values: Record<Slot, string> = { tokenHash, ...limits };
  const row = await selectFirstRow<SessionLookupRow>(db, { ...query, parameters: slots.map((slot) => values[slot]) });
  if (!row) return undefined;
  const {
    session_id: sessionId,
    session_last_used_at: lastUsedAt,
    personal_book_id: id,
    personal_book_data_revision: dataRevision,
    personal_book_feelings_revision: feelingsRevision,
    ...user
  } = row;
  return { user, personalBook: { id, dataRevision, feelingsRevision }, sessionId, lastUsedAt };
}

/**
 * Records a use of the session. The `last_used_at <` guard makes two racing requests (or two
 * server processes) write it once, and never move it backwards.
 */
export async function touchSession(
  db: Kysely<Database>,
  sessionId: number,
  use: { now: string; address: string | null },
  touchedBefore: string,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: use.now, last_address: use.address })
    .where('id', '=', sessionId)
    .where('last_used_at', '<', touchedBefore)
    .execute();
}
