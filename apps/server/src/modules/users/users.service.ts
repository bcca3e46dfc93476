/** The signed-in user's own record: read, edit, delete, today's date. */
import type { MonthResponse, UpdateUserBody, User } from '@mindspend/api-contract';
import { MESSAGES, isoDate, localDate } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { stopRenewalBeforeDeletion } from '../billing/billing.service';
import { normalizeEmail, presentUser } from './user.presenter';
import { checkpointSqliteWal, deleteUser, findUserByEmail, updateUser } from './users.repo';

/** Another user's id answers 404 exactly like an unknown one (ARCHITECTURE.md convention 2). */
function assertSelf(user: UserRow, targetId: number): void {
  if (user.id !== targetId) throw notFound('User');
}

/** Edits e-mail, names, timezone or the second-look setting of the user's own record. */
export async function updateProfile(deps: AppDeps, user: UserRow, targetId: number, body: UpdateUserBody): Promise<User> {
  assertSelf(user, targetId);
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  if (email && email !== user.email && (await findUserByEmail(deps.db, email))) {
    throw validationFailed({ email: [MESSAGES.emailTaken] });
  }
  try {
    const updated = await updateUser(deps.db, user.id, {
      ...(email !== undefined && { email }),
      ...(body.first_name !== undefined && { first_name: body.first_name?.trim() || null }),
      ...(body.last_name !== undefined && { last_name: body.last_name?.trim() || null }),
      ...(body.timezone !== undefined && { timezone: body.timezone }),
      ...(body.second_look_days !== undefined && { second_look_days: body.second_look_days }),
      updated_at: isoNow(deps.clock),
    });
    return presentUser(updated);
  } catch (error) {
    // Two requests racing to the same address: the unique index decides, the loser gets the 422.
    const owner = email ? await findUserByEmail(deps.db, email) : undefined;
    if (owner && owner.id !== user.id) throw validationFailed({ email: [MESSAGES.emailTaken] });
    throw error;
  }
}

/**
 * Stops any paid renewal, then deletes the user and, through the foreign keys, every row they own.
 * On SQLite the write-ahead log is then checkpointed, so the deleted text (zeroed in the file by
 * `secure_delete`) is not left in the -wal file either (issue 12).
 */
export async function deleteAccount(deps: AppDeps, user: UserRow, targetId: number): Promise<void> {
  assertSelf(user, targetId);
  await stopRenewalBeforeDeletion(deps, user.id);
  await deleteUser(deps.db, user.id);
  if (deps.dialect === 'sqlite' && !(await checkpointSqliteWal(deps.db))) {
    deps.logger.warn({ userId: user.id }, 'account deleted; a reader kept the WAL from being truncated until the next checkpoint');
  }
}

/** Today's date in the user's timezone (DECISIONS.md #13). */
export function currentMonth(deps: AppDeps, user: UserRow): MonthResponse {
  const today = localDate(deps.clock.now(), user.timezone);
  return { date: isoDate(today), ...today };
}
