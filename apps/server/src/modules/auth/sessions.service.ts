/** The signed-in devices of Settings (DECISIONS.md #27): list them, end one, end all others. */
import type { Session } from '@mindspend/api-contract';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/http-errors';
import { deletePersonalTokensOfUser } from '../personal-tokens';
import { deleteOtherSessions, deleteSessionOfUser, deleteSessionsOfUser, listSessions } from './sessions.repo';

const DAY_MS = 86_400_000;

export async function userSessions(deps: AppDeps, userId: number, currentId: number): Promise<Session[]> {
  const now = deps.clock.now().getTime();
  const rows = await listSessions(deps.db, userId, {
    idleSince: new Date(now - deps.config.SESSION_IDLE_DAYS * DAY_MS).toISOString(),
    createdSince: new Date(now - deps.config.SESSION_MAX_DAYS * DAY_MS).toISOString(),
  });
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/** Another user's session id answers 404 exactly like an unknown one (ARCHITECTURE.md convention 2). */
export async function endSession(deps: AppDeps, userId: number, sessionId: number): Promise<void> {
  if (!(await deleteSessionOfUser(deps.db, userId, sessionId))) throw notFound('Session');
}

/**
 * Signs out a device's sessions at once (issue 36); the caller's own session is never among them.
 * Ids of another user, or all already gone, answer 404 as one unknown id does.
 */
export async function endSessions(deps: AppDeps, userId: number, currentId: number, sessionIds: readonly number[]): Promise<void> {
  if ((await deleteSessionsOfUser(deps.db, userId, sessionIds, currentId)) === 0) throw notFound('Session');
}

/**
 * "Sign out everywhere": ends every session but this one and revokes every personal access token,
 * in one transaction, so a thief's token does not outlive the person's remedy (DECISIONS.md #75).
 */
export async function endOtherSessions(deps: AppDeps, userId: number, currentId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await deleteOtherSessions(trx, userId, currentId);
    await deletePersonalTokensOfUser(trx, userId);
  });
}
