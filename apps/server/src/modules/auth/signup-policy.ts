/**
 * Who may create an account on this server (`SIGNUP`, issue 28; docs/DECISIONS.md #79): anyone
 * (`open`, the default), only a visitor holding a live invitation to a book (`invite`), or nobody
 * (`closed`). The sign-up page reads the mode from GET /auth/config to say so before the form.
 */
import { SIGNUP_BY_INVITATION, SIGNUP_CLOSED } from '@mindspend/api-contract';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { findLiveInvitation } from '../books';

/**
 * Refuses (403, with the reason) a sign-up the server's mode does not allow. An invitation lets its
 * holder sign up whatever address they choose, as it lets any signed-in person accept it: the
 * link is the proof (DECISIONS.md #74); joining the book stays its own step.
 */
export async function assertMaySignUp(deps: AppDeps, invitationToken: string | undefined): Promise<void> {
  await assertMaySignUpInvitedBy(deps, invitationToken ? hashToken(invitationToken) : null);
}

/**
 * assertMaySignUp with the invitation's SHA-256 rather than the token itself: single sign-on keeps
 * only the hash while the person is away at the provider (DECISIONS.md #81).
 */
export async function assertMaySignUpInvitedBy(deps: AppDeps, invitationHash: string | null): Promise<void> {
  const mode = deps.config.SIGNUP;
  if (mode === 'open') return;
  if (mode === 'closed') throw new HttpError(403, SIGNUP_CLOSED);
  const invitation = invitationHash ? await findLiveInvitation(deps.db, invitationHash, isoNow(deps.clock)) : undefined;
  if (!invitation) throw new HttpError(403, SIGNUP_BY_INVITATION);
}
