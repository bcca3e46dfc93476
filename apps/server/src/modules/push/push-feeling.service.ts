/**
 * A feeling chosen on a notification (DECISIONS.md #103). The service worker has no session: the
 * token in the encrypted payload is the authority, for one purchase of one member in one book,
 * used once, until PUSH_ACTION_TOKEN_HOURS after the nudge was sent. It is spent in the same
 * write as the feeling, so a refused feeling leaves the token usable and a replay writes nothing.
 */
import { PUSH_MESSAGES, type PushFeelingBody } from '@mindspend/api-contract';
import { jobScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { recordFirstFeelingIn } from '../transactions';
import { findActionToken, quietHoursRow, spendActionToken } from './push.repo';

const invalid = () => new HttpError(401, PUSH_MESSAGES.tokenInvalid);

/** Records the feeling with the notification's token; 401 for a token unknown, used or expired, 403 for another purchase's. */
export async function recordPushFeeling(
  deps: AppDeps,
  body: PushFeelingBody,
): Promise<{ transaction_id: number; feeling: PushFeelingBody['feeling'] }> {
  const now = isoNow(deps.clock);
  const token = await findActionToken(deps.db, hashToken(body.token));
  if (!token || token.used_at !== null || token.expires_at <= now) throw invalid();
  if (token.transaction_id !== body.transaction_id)
    throw new HttpError(403, PUSH_MESSAGES.tokenOtherPurchase);
  const user = await quietHoursRow(deps.db, token.user_id);
  if (!user) throw invalid();
  const scope = await jobScope(deps.db, token.book_id, { id: token.user_id, time_zone: user.time_zone });
  const { queued } = await writeInBook(deps, scope, async (trx) => {
    // Spent here, under the book's lock: of two taps at once (or a replay), one records.
    if (!(await spendActionToken(trx, token.id, now))) throw invalid();
    return recordFirstFeelingIn(deps, trx, scope, token.transaction_id, body.feeling, now);
  });
  if (queued > 0) deps.webhooks.kick();
  return { transaction_id: token.transaction_id, feeling: body.feeling };
}
