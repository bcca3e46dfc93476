/**
 * An invitation link opened before signing in (issue 25): its token waits in this tab's session
 * storage while the visitor signs up or in, and the sign-in brings them back to it.
 */
const KEY = 'mindspend.pendingInvitation';
/** Tokens are base64url (lib/tokens.ts on the server); anything else is not kept. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

export function rememberInvitation(token: string): void {
  if (TOKEN_SHAPE.test(token)) sessionStorage.setItem(KEY, token);
}

/**
 * The token waiting, or null, left in place: the sign-up page sends it as `invitation_token` (an
 * invite-only server asks for it, DECISIONS.md #79) and the sign-in after still needs it to come
 * back to the invitation.
 */
export function pendingInvitationToken(): string | null {
  const token = sessionStorage.getItem(KEY);
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/** The page to open after signing in, once: the invitation waiting, or null. */
export function takePendingInvitationPath(): string | null {
  const token = pendingInvitationToken();
  sessionStorage.removeItem(KEY);
  return token ? `/invitations/${token}` : null;
}
