/**
 * Personal access tokens (DECISIONS.md #39): create (the token is returned once and only its hash
 * kept), list (never the token), revoke. What a token may do is the auth plugin's check
 * (plugins/personal-tokens.ts).
 */
import type { CreatedPersonalToken, PersonalToken, PersonalTokenScopeName } from '@mindspend/api-contract';
import type { PersonalTokenRow } from '../../db/personal-token-schema';
import type { UserRow } from '../../db/schema';
import { writeAsUser } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { hashToken, newPersonalToken } from '../../lib/tokens';
import { assertCurrentPassword, personalTokenCreatedNotice, type ReauthenticationSession } from '../users';
import {
  countPersonalTokens,
  deletePersonalToken,
  insertPersonalToken,
  listPersonalTokens,
} from './personal-tokens.repo';

/** Enough for every script a person runs; more usually means tokens are created and forgotten. */
export const MAX_PERSONAL_TOKENS = 50;

function present(row: PersonalTokenRow): PersonalToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

export async function listTokens(deps: AppDeps, user: UserRow): Promise<{ tokens: PersonalToken[] }> {
  return { tokens: (await listPersonalTokens(deps.db, user.id)).map(present) };
}

/**
 * Creates a token after the current password is checked again (DECISIONS.md #75): a session alone
 * would let whoever holds it leave a token behind that outlives the session. The person is mailed
 * a notice with the change.
 */
export async function createToken(
  deps: AppDeps,
  user: UserRow,
  body: { name: string; scope: PersonalTokenScopeName; current_password?: string | undefined },
  session?: ReauthenticationSession,
): Promise<CreatedPersonalToken> {
  await assertCurrentPassword(deps, user, body.current_password, session);
  const token = newPersonalToken();
  const createdAt = isoNow(deps.clock);
  const notice = personalTokenCreatedNotice(user, { name: body.name, scope: body.scope, createdAt }, deps.config.SUPPORT_EMAIL);
  const { row, outboxId } = await writeAsUser(deps, user.id, async (trx) => {
    if ((await countPersonalTokens(trx, user.id)) >= MAX_PERSONAL_TOKENS) {
      throw validationFailed({
        name: [
          `You already have ${MAX_PERSONAL_TOKENS} personal access tokens. Revoke one you no longer use first.`,
        ],
      });
    }
    const inserted = await insertPersonalToken(trx, {
      userId: user.id,
      name: body.name,
      scope: body.scope,
      tokenHash: hashToken(token),
      createdAt,
    });
    return { row: inserted, outboxId: await deps.mailer.queue(trx, notice) };
  });
  void deps.mailer.deliver(deps.db, outboxId, notice);
  return { ...present(row), token };
}

/** Revokes at once: the next request with the token answers 401. */
export async function revokeToken(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  await writeAsUser(deps, user.id, async (trx) => {
    if (!(await deletePersonalToken(trx, user.id, id))) throw notFound('Token');
  });
}
