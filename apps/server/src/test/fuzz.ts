/**
 * fast-check building blocks shared by the bad-input API tests: text and values of every kind,
 * request bodies built from a route's field names, and the one promise every answer keeps.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { BOOK_OWNED_TABLES, type Database } from '../db/schema';
import { expect } from 'vitest';

/**
 * Text with a NUL character somewhere. SQLite stores it, PostgreSQL refuses it with an error: drawn
 * this often, a field that lets NUL through to the database fails the suite on PostgreSQL.
 */
export const textWithNul = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([before, after]) => `${before}\u0000${after}`);

/**
 * Ids small enough to name a fixture row, and ids at and beyond the 32-bit `integer` columns of
 * PostgreSQL (2^31 and up), which SQLite would simply not find but PostgreSQL refuses to compare.
 */
export const anyId = fc.oneof(
  fc.nat({ max: 200 }),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 1e15, 2 ** 53, -(2 ** 31) - 1),
);

/** Text of every kind: any code point (NUL, lone surrogates, emoji), long runs, look-alikes of valid input. */
export const anyText = fc.oneof(
  fc.string(),
  textWithNul,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', 'a@b.co', 'A\u0000@example.com', 'Mindful123', '4242424242424242', '12/99', 'general', 'budget_master'),
  fc.nat({ max: 400 }).map((n) => 'x'.repeat(n)),
);

/** A value of any JSON type for one field. */
export const anyFieldValue = fc.oneof(
  anyText,
  fc.integer(),
  anyId,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A body as raw text plus its content type. */
export interface RawBody {
  payload: string;
  contentType: string;
}

export function jsonBody(value: unknown): RawBody {
  return { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

/**
 * Generated bodies for a route: anything at all, records of its own fields, arbitrary JSON and
 * non-JSON text. `fieldValues` gives some fields values of their own (e.g. nested records).
 */
export function bodiesFor(
  route: { fields: readonly string[] },
  fieldValues: Readonly<Record<string, fc.Arbitrary<unknown>>> = {},
): fc.Arbitrary<RawBody> {
  const fields = route.fields.length > 0 ? route.fields : ['x'];
  const record = fc.record(
    Object.fromEntries(fields.map((field) => [field, fieldValues[field] ?? anyFieldValue])),
    { requiredKeys: [] },
  );
  return fc.oneof(
    fc.anything().map(jsonBody),
    record.map(jsonBody),
    fc.json().map((payload) => ({ payload, contentType: 'application/json' })),
    fc.string().map((payload) => ({ payload, contentType: 'application/json' })),
    fc.string().map((payload) => ({ payload, contentType: 'text/plain' })),
  );
}

/** The one promise of the bad-input tests: no 5xx, and every 4xx explains itself in `message`. */
export function expectClearAnswer(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, `${context} → ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], context).toMatch(/^application\/json/);
    const body = response.json<{ message?: unknown }>();
    expect(typeof body.message, context).toBe('string');
    expect(String(body.message).trim().length, context).toBeGreaterThan(0);
  }
}

/** Row counts of the given tables, in one query: a refused request must leave them as they were. */
export async function rowCounts(db: Kysely<Database>, tables: readonly (keyof Database)[]): Promise<Record<string, number>> {
  const columns = tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`);
  const row = (await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(db)).rows[0] ?? {};
  return Object.fromEntries(tables.map((table) => [table, Number(row[table])]));
}

/** Whose rows a table holds: the person's in a person-owned table, their book's in a book-owned one. */
export interface RowOwner {
  userId: number;
  bookId: number;
}

/**
 * Whether a URL segment names one of the user's rows in a table (of their book, for a book-owned table). The id fuzzers skip such segments:
 * an accepted request earlier in the run may have created rows beyond the fixtures.
 */
export async function namesOwnRow(db: Kysely<Database>, table: keyof Database, owner: RowOwner, segment: string): Promise<boolean> {
  // Ids are 32-bit serials; anything outside that range names no row (and PostgreSQL would refuse the comparison).
  const wanted = [Number(segment), Number(segment.trim())].filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31);
  if (wanted.length === 0) return false;
  const [column, ownerId] = (BOOK_OWNED_TABLES as readonly string[]).includes(table) ? ['book_id', owner.bookId] : ['user_id', owner.userId];
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.ref(column)} = ${ownerId} and id in (${sql.join(wanted)})`.execute(db);
  return rows.length > 0;
}

/** Sends a raw body (or none) with a bearer token, as a client would. */
export function sendRaw(app: FastifyInstance, token: string, method: InjectOptions['method'], url: string, body?: RawBody) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': body.contentType }) },
    ...(body && { payload: body.payload }),
  });
}
