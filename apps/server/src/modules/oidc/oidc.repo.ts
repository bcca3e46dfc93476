/**
 * SQL of single sign-on (DECISIONS.md #81): sign-ins under way, the hand-over codes, and the
 * provider identities linked to people. Every single-use row is used up by one conditional
 * statement, so two requests racing with the same value cannot both get through.
 */
import type { Kysely } from 'kysely';
import type { OidcHandoverKind, OidcHandoverRow, OidcStateRow } from '../../db/oidc-schema';
import type { Database } from '../../db/schema';

export async function insertState(db: Kysely<Database>, row: OidcStateRow): Promise<void> {
  await db.insertInto('oidc_states').values(row).execute();
}

/** Sign-ins abandoned at the provider: their rows go when the next one starts. */
export async function deleteExpiredStates(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('oidc_states').where('expires_at', '<=', now).execute();
}

/**
 * Takes the unexpired sign-in with this state hash out of the table and answers it; undefined when
 * there is none (unknown, expired, or used by a callback before: a replay).
 */
export async function takeState(db: Kysely<Database>, stateHash: string, now: string): Promise<OidcStateRow | undefined> {
  // One statement: of two callbacks racing with one state, only one gets the row back.
  const row = await db.deleteFrom('oidc_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  return row && row.expires_at > now ? row : undefined;
}

export async function insertHandover(db: Kysely<Database>, row: OidcHandoverRow): Promise<void> {
  await db.insertInto('oidc_handovers').values(row).execute();
}

/** The unexpired hand-over with this code hash, left in place. */
export function findHandover(db: Kysely<Database>, codeHash: string, now: string): Promise<OidcHandoverRow | undefined> {
  return db.selectFrom('oidc_handovers').selectAll().where('code_hash', '=', codeHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Uses the hand-over up; false when it was used (or has expired) already. */
export async function deleteHandover(db: Kysely<Database>, codeHash: string, kind: OidcHandoverKind, now: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('oidc_handovers')
    .where('code_hash', '=', codeHash)
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Hand-overs nobody came back for: their rows go with the next callback. */
export async function deleteExpiredHandovers(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('oidc_handovers').where('expires_at', '<=', now).execute();
}

/** The user the identity is linked to, or undefined. */
export async function findIdentityUser(db: Kysely<Database>, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links the identity to the user; false when it was linked already (to anyone). */
export async function insertIdentity(
  db: Kysely<Database>,
  values: { issuer: string; subject: string; userId: number; email: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('oidc_identities')
    .values({
      issuer: values.issuer,
      subject: values.subject,
      user_id: values.userId,
      email: values.email,
      created_at: values.now,
      last_used_at: values.now,
    })
    .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records a sign-in with the identity, and the address the provider gave this time. */
export async function touchIdentity(
  db: Kysely<Database>,
  values: { issuer: string; subject: string; email: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('oidc_identities')
    .set({ last_used_at: values.now, ...(values.email !== null && { email: values.email }) })
    .where('issuer', '=', values.issuer)
    .where('subject', '=', values.subject)
    .execute();
}
