/** SQL of two-factor sign-in: the user's sealed secret, its last step, recovery codes (hashed). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function setPendingSecret(db: Kysely<Database>, userId: number, sealed: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret_encrypted: sealed, two_factor_enabled_at: null, two_factor_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is', null)
    .execute();
}

/** Turns two-factor on with the step just used; false when it was already on (a racing confirm). */
export async function enableTwoFactor(db: Kysely<Database>, userId: number, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_enabled_at: now, two_factor_last_step: step, updated_at: now })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disableTwoFactor(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_secret_encrypted: null, two_factor_enabled_at: null, two_factor_last_step: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Records the step of a code just accepted. The guard makes the step the check: two requests
 * racing with the same code cannot both sign in.
 */
export async function claimTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Marks an unused recovery code used; true when there was one. The update is the check. */
export async function consumeRecoveryCode(db: Kysely<Database>, userId: number, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many people have two-factor on (a secret only pending does not count): the start-up key check. */
export async function countTwoFactorUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('people'))
    .where('two_factor_enabled_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.people ?? 0);
}
