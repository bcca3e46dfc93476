/** The signed-in user's own record: read, edit, delete, today's date. */
import type { DeleteUserBody, MonthResponse, UpdateUserBody, User } from '@mindspend/api-contract';
import { MESSAGES, isoDate, localDateIn, requestedTimeZone, utcOffsetHoursIn } from '@mindspend/domain';
import { writeAsUser } from '../../db/locked-writes';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { stopRenewalBeforeDeletion } from '../billing';
import { assertCurrentPassword, type ReauthenticationSession } from './reauthentication';
import { normalizeEmail, presentUser } from './user.presenter';
import { releaseSharedBooks } from '../books';
import { checkpointSqliteWal, deleteUser, findUserByEmail, updateUser } from './users.repo';

/** Another user's id answers 404 exactly like an unknown one (ARCHITECTURE.md convention 2). */
function assertSelf(user: UserRow, targetId: number): void {
  if (user.id !== targetId) throw notFound('User');
}

/** The notice mailed to the old address, so a change its owner did not make does not go unseen. */
function emailChangedNotice(user: UserRow, newEmail: string, supportEmail: string) {
  return {
    userId: user.id,
    to: user.email,
    subject: 'The e-mail of your Mindspend account was changed',
    text: [
      `The e-mail address of your Mindspend account was changed from ${user.email} to ${newEmail}.`,
      'Sign-in and password-reset e-mails now go to the new address.',
      `If you did not make this change, write to ${supportEmail} right away.`,
    ].join('\n\n'),
  };
}

/** Turning the reflection e-mail on keeps the first opt-in's time; off clears it (DECISIONS.md #59). */
function reflectionEmailChange(user: UserRow, on: boolean | undefined, now: string) {
  if (on === undefined) return {};
  return { reflection_email_since: on ? (user.reflection_email_since ?? now) : null };
}

/**
 * A new time zone (`time_zone`, or the zone keeping an older client's `timezone` offset), with
 * the offset it has now written beside it for processes of older code (DECISIONS.md #85).
 */
function timeZoneChange(body: UpdateUserBody, now: Date) {
  const zone = requestedTimeZone(body);
  return zone === undefined ? {} : { time_zone: zone, timezone: utcOffsetHoursIn(zone, now) };
}

/**
 * Edits e-mail, names, time zone, the second-look setting or the reflection e-mail of the user's own record. A new e-mail needs the current
 * password and sends a notice to the old address.
 */
export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  targetId: number,
  body: UpdateUserBody,
  session?: ReauthenticationSession,
): Promise<User> {
  assertSelf(user, targetId);
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  const emailChanges = email !== undefined && email !== user.email;
  if (emailChanges) await assertCurrentPassword(deps, user, body.current_password, session);
  if (email && emailChanges && (await findUserByEmail(deps.db, email))) {
    throw validationFailed({ email: [MESSAGES.emailTaken] });
  }
  try {
    const notice = email && emailChanges ? emailChangedNotice(user, email, deps.config.SUPPORT_EMAIL) : null;
    // Under the person's own write lock, which waits at most 10 s on PostgreSQL: a user row held by
    // a stalled process answers 503 with Retry-After like every other write, not an endless wait (issue 36).
    const { updated, outboxId } = await writeAsUser(deps, user.id, async (trx) => {
      const row = await updateUser(trx, user.id, {
        ...(email !== undefined && { email }),
        ...(body.first_name !== undefined && { first_name: body.first_name?.trim() || null }),
        ...(body.last_name !== undefined && { last_name: body.last_name?.trim() || null }),
        ...timeZoneChange(body, deps.clock.now()),
        ...(body.second_look_days !== undefined && { second_look_days: body.second_look_days }),
        ...reflectionEmailChange(user, body.reflection_email, isoNow(deps.clock)),
        updated_at: isoNow(deps.clock),
      });
      return { updated: row, outboxId: notice ? await deps.mailer.queue(trx, notice) : null };
    });
    if (notice && outboxId !== null) void deps.mailer.deliver(deps.db, outboxId, notice);
    return presentUser(updated, deps.clock.now());
  } catch (error) {
    // Two requests racing to the same address: the unique index decides, the loser gets the 422.
    const owner = email ? await findUserByEmail(deps.db, email) : undefined;
    if (owner && owner.id !== user.id) throw validationFailed({ email: [MESSAGES.emailTaken] });
    throw error;
  }
}

/**
 * After the current password is checked again (DECISIONS.md #29), stops any paid renewal, hands on or
 * deletes the shared books the user belongs to (releaseSharedBooks), then deletes the user and,
 * through the foreign keys, their personal book and every row of it.
 * On SQLite the write-ahead log is then checkpointed, so the deleted text (zeroed in the file by
 * `secure_delete`) is not left in the -wal file either (issue 12).
 */
export async function deleteAccount(
  deps: AppDeps,
  user: UserRow,
  targetId: number,
  body: DeleteUserBody,
  session?: ReauthenticationSession,
): Promise<void> {
  assertSelf(user, targetId);
  await assertCurrentPassword(deps, user, body.current_password, session);
  await stopRenewalBeforeDeletion(deps, user.id);
  await releaseSharedBooks(deps, user.id);
  await deleteUser(deps.db, user.id);
  if (deps.dialect === 'sqlite' && !(await checkpointSqliteWal(deps.db))) {
    deps.logger.warn({ userId: user.id }, 'account deleted; a reader kept the WAL from being truncated until the next checkpoint');
  }
}

/** Today's date in the user's time zone (DECISIONS.md #13, #85). */
export function currentMonth(deps: AppDeps, user: UserRow): MonthResponse {
  const today = localDateIn(user.time_zone, deps.clock.now());
  return { date: isoDate(today), ...today };
}
