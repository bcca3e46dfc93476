/**
 * The two legs of a single sign-on through the browser (DECISIONS.md #81): the start, which keeps
 * state, nonce and PKCE verifier here and sends the browser to the provider, and the callback,
 * which checks the provider's answer, decides who signs in (oidc-accounts.ts) and leaves a
 * single-use hand-over code for the web app.
 */
import type { OidcStartQuery } from '@mindspend/api-contract';
import { canonicalTimeZone } from '@mindspend/domain';
import type { OidcHandoverKind } from '../../db/oidc-schema';
import type { AppDeps } from '../../deps';
import { hashToken, newToken } from '../../lib/tokens';
import type { OidcClient } from './oidc-client';
import { OidcFailure } from './oidc-failure';
import { resolveAccount } from './oidc-accounts';
import { deleteExpiredHandovers, deleteExpiredStates, insertHandover, insertState, takeState } from './oidc.repo';

/** Minutes a person has at the provider (signing in, consenting) before the sign-in expires. */
export const SIGN_IN_MINUTES = 10;
/** Minutes the web app has to exchange its code: it does so as soon as the page loads. */
const SIGN_IN_HANDOVER_MINUTES = 2;
/** Minutes the person has to type their password on the link page. */
const LINK_HANDOVER_MINUTES = 10;

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/**
 * Starts a sign-in: the provider's URL to send the browser to, and the `state` to bind to the
 * browser (the routes put it in a cookie). The provider is asked first, so a provider that is
 * down leaves nothing behind.
 */
export async function startSignIn(deps: AppDeps, oidc: OidcClient, query: OidcStartQuery): Promise<{ state: string; url: URL }> {
  // 256 random bits each; the verifier's 43 base64url characters are what PKCE asks for.
  const checks = { state: newToken(), nonce: newToken(), codeVerifier: newToken() };
  const url = await oidc.authorizationUrl(checks);
  const now = deps.clock.now();
  await deleteExpiredStates(deps.db, now.toISOString());
  await insertState(deps.db, {
    state_hash: hashToken(checks.state),
    nonce: checks.nonce,
    code_verifier: checks.codeVerifier,
    invitation_hash: query.invitation_token ? hashToken(query.invitation_token) : null,
    timezone: query.timezone ?? 0,
    time_zone: query.time_zone === undefined ? null : (canonicalTimeZone(query.time_zone) ?? null),
    created_at: now.toISOString(),
    expires_at: minutesAfter(now, SIGN_IN_MINUTES),
  });
  return { state: checks.state, url };
}

export interface CallbackInput {
  /** The callback's query string, as the provider wrote it (openid-client reads it). */
  query: string;
  state: string | undefined;
  /** The provider's `error` parameter, when it sent the person back without a code. */
  error: string | undefined;
  /** The state this browser started with (its cookie). */
  browserState: string | undefined;
}

/**
 * Finishes a sign-in at the callback and answers the hand-over code for the web app; throws an
 * OidcFailure for anything that must not sign anyone in. The state is used up first, so a replayed
 * callback finds nothing, even when its code would have been refused by the provider anyway.
 */
export async function finishSignIn(deps: AppDeps, oidc: OidcClient, input: CallbackInput): Promise<string> {
  const now = deps.clock.now();
  const started = input.state ? await takeState(deps.db, hashToken(input.state), now.toISOString()) : undefined;
  if (input.error) throw new OidcFailure(input.error === 'access_denied' ? 'denied' : 'provider', `the provider answered ${input.error}`);
  // The state must be the one this browser started with (no one else's sign-in finished here),
  // and one still waiting (not expired, not used by an earlier callback).
  if (!input.state || input.state !== input.browserState) throw new OidcFailure('state', 'the state is not the one this browser started with');
  if (!started) throw new OidcFailure('state', 'no sign-in is waiting with this state (expired or used)');
  const identity = await oidc.finish(input.query, { state: input.state, nonce: started.nonce, codeVerifier: started.code_verifier });
  const account = await resolveAccount(deps, identity, started);
  return leaveHandover(deps, account.kind, { userId: account.userId, issuer: identity.issuer, subject: identity.subject, email: account.email });
}

/** Stores a single-use code for the web app (only its hash is kept) and answers the code. */
async function leaveHandover(
  deps: AppDeps,
  kind: OidcHandoverKind,
  values: { userId: number; issuer: string; subject: string; email: string },
): Promise<string> {
  const code = newToken();
  const now = deps.clock.now();
  await deleteExpiredHandovers(deps.db, now.toISOString());
  await insertHandover(deps.db, {
    code_hash: hashToken(code),
    user_id: values.userId,
    kind,
    issuer: values.issuer,
    subject: values.subject,
    email: values.email,
    created_at: now.toISOString(),
    expires_at: minutesAfter(now, kind === 'link' ? LINK_HANDOVER_MINUTES : SIGN_IN_HANDOVER_MINUTES),
  });
  return code;
}
