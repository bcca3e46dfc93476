import { useAuthConfig } from '../auth/api';

/**
 * What the landing page says in place of "Join For Free" on a server that takes no sign-up from
 * just anyone (DECISIONS.md #79), or null. Until the server answers, or if it cannot, the page
 * stays as it always was: the sign-up page and the server still say no where they must.
 */
export function useSignupNote(): string | null {
  const mode = useAuthConfig().data?.signup;
  if (mode === 'closed') return 'This server is not taking new accounts.';
  if (mode === 'invite') return 'New accounts here are by invitation.';
  return null;
}
