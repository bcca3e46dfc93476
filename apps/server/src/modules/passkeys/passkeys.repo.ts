/**
 * SQL of passkeys (DECISIONS.md #80): the credentials, scoped by their owner, and the challenges,
 * each used once by a conditional update so that two answers racing one challenge cannot both win.
 */
import type { Kysely } from 'kysely';
import type { PasskeyChallengePurpose, PasskeyChallengeRow, PasskeyRow } from '../../db/passkey-schema';
import type { Database } from '../../db/schema';

/** The person's passkeys, oldest first. */
export function listPasskeys(db: Kysely<Database>, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function countPasskeys(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whoever's it is: a sign-in learns the person from the passkey. */
export function findPasskeyByCredentialId(
  db: Kysely<Database>,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** Inserts the passkey; undefined when its credential is registered already (to anyone). */
export function insertPasskey(
  db: Kysely<Database>,
  values: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    userHandle: string;
    name: string;
    createdAt: string;
  },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: values.userId,
      credential_id: values.credentialId,
      public_key: values.publicKey,
      counter: values.counter,
      transports: values.transports,
      user_handle: values.userHandle,
      name: values.name,
      created_at: values.createdAt,
      last_used_at: null,
    })
    .onConflict((conflict) => conflict.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the person's passkey with this id; false when there is none (or it is someone else's). */
export async function deletePasskey(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Records a sign-in with the passkey: its new counter and the time. The update is the counter
 * check, so two sign-ins racing with one count cannot both pass: the counter must move forward,
 * unless the authenticator keeps none (0 before and after).
 */
export async function advancePasskeyCounter(
  db: Kysely<Database>,
  id: number,
  counter: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', counter === 0 ? '=' : '<', counter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPasskeyChallenge(
  db: Kysely<Database>,
  values: {
    challengeHash: string;
    purpose: PasskeyChallengePurpose;
    userId: number | null;
    userHandle: string | null;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: values.challengeHash,
      purpose: values.purpose,
      user_id: values.userId,
      user_handle: values.userHandle,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

export function findPasskeyChallenge(
  db: Kysely<Database>,
  challengeHash: string,
  purpose: PasskeyChallengePurpose,
): Promise<PasskeyChallengeRow | undefined> {
  return db
    .selectFrom('passkey_challenges')
    .selectAll()
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Marks an unused, unexpired challenge (of this person, for a registration) as used; true when
 * this call did. The update is the check: of two answers racing one challenge, one finds it unused.
 */
export async function consumePasskeyChallenge(
  db: Kysely<Database>,
  challenge: { hash: string; purpose: PasskeyChallengePurpose; userId: number | null },
  now: string,
): Promise<boolean> {
  let query = db
    .updateTable('passkey_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', challenge.hash)
    .where('purpose', '=', challenge.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  query =
    challenge.userId === null
      ? query.where('user_id', 'is', null)
      : query.where('user_id', '=', challenge.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets challenges that expired before `before`, used or not: they can only be refused. */
export async function deleteExpiredPasskeyChallenges(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', before).execute();
}
