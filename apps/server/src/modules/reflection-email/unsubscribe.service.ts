/**
 * Turning the reflection e-mail off from its link, without signing in (docs/DECISIONS.md #60).
 */
import { writeAsUser } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { turnOff, userExists } from './reflection-email.repo';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export type UnsubscribeOutcome = 'unsubscribed' | 'already-off' | 'invalid';

/**
 * Turns the e-mail off for the token's user. Idempotent: the same link again answers
 * 'already-off'. A token this server did not sign changes nothing; a signed one whose account was
 * since deleted answers 'already-off' (no e-mail will ever come).
 */
export async function unsubscribe(deps: AppDeps, token: string | undefined): Promise<UnsubscribeOutcome> {
  const userId = token ? verifyUnsubscribeToken(deps.config, token) : null;
  if (userId === null) return 'invalid';
  if (!(await userExists(deps.db, userId))) return 'already-off';
  const changed = await writeAsUser(deps, userId, (trx) => turnOff(trx, userId, isoNow(deps.clock)));
  if (changed) deps.logger.info({ userId }, 'reflection e-mail turned off from its unsubscribe link');
  return changed ? 'unsubscribed' : 'already-off';
}
