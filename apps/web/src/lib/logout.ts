/**
 * Signing out, which the app shell's user menu and the settings page both do: it belongs to the
 * session, not to the sign-in screens.
 */
import { callApi } from './api-routes';
import { clearSavedAnswers } from './offline/clear-saved-answers';
import { queryClient } from './query-client';
import { endSession, getSession } from './session';

/**
 * Logout (spec §4): local data is cleared first and regardless of the server's answer, the
 * answers saved for offline reading included (DECISIONS.md #34); the token is still sent so that
 * the server revokes it.
 */
export async function logout(): Promise<void> {
  const token = getSession().token;
  endSession();
  queryClient.clear();
  await clearSavedAnswers();
  if (!token) return;
  try {
    await callApi('logout', { token });
  } catch {
    // Spec §7: failures are ignored; the local session is already gone.
  }
}
