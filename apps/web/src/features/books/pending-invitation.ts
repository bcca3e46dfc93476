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

/** The page to open after signing in, once: the invitation waiting, or null. */
export function takePendingInvitationPath(): string | null {
  const token = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return token && TOKEN_SHAPE.test(token) ? `/invitations/${token}` : null;
}
