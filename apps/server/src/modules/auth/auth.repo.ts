/** SQL of the auth module: API tokens and password resets, stored only as hashes. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function insertApiToken(
  db: Kysely<Database>,
  values: { userId: number; tokenHash: string; createdAt: string; device: string; address: string | null },
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      created_at: values.createdAt,
      last_used_at: values.createdAt,
      device: values.device,
      last_address: values.address,
    })
    .execute();
}

export async function deleteApiToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('token_hash', '=', tokenHash).execute();
}

/** Signs the user out everywhere, optionally keeping the session that asked. */
export async function deleteApiTokensOfUser(db: Kysely<Database>, userId: number, keepHash?: string): Promise<void> {
  let query = db.deleteFrom('api_tokens').where('user_id', '=', userId);
  if (keepHash) query = query.where('token_hash', '!=', keepHash);
  await query.execute();
}

export async function insertPasswordReset(
  db: Kysely<Database>,
  values: { userId: number; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      created_at: values.createdAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks an unused, unexpired reset of this user as used; true when one was found. The update is
 * the check, so two requests racing with the same token cannot both succeed.
 */
export async function consumePasswordReset(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks every unused reset of the user as used: once the password has been set (by a link or in
 * settings), an older link mailed before must not set it again.
 */
export async function revokePasswordResets(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * Remembers that the person signed in from `device`; true when it is a device they had not signed
 * in from before and they had signed in from another (the first device of all is no news).
 */
export async function rememberDevice(db: Kysely<Database>, userId: number, device: string, now: string): Promise<boolean> {
  const known = await db.selectFrom('known_devices').select('device').where('user_id', '=', userId).execute();
  if (known.some((row) => row.device === device)) {
    await db.updateTable('known_devices').set({ last_seen_at: now }).where('user_id', '=', userId).where('device', '=', device).execute();
    return false;
  }
  // Two first sign-ins from one new device racing: one inserts, the other finds it there.
  const inserted = await db
    .insertInto('known_devices')
    .values({ user_id: userId, device, first_seen_at: now, last_seen_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device']).doNothing())
    .executeTakeFirst();
  return known.length > 0 && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
