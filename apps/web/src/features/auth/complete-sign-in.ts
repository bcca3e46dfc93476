import type { AuthResponse, MonthResponse, Notification } from '@mindspend/api-contract';
import { budgetsPath } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { browserMonth, currentMonth } from '../../lib/current-month';
import { loadQueryClient } from '../../lib/query-client-slot';
import { startSession } from '../../lib/session';
import { saveNotifications } from '../../lib/storage';
import { takePendingInvitationPath } from '../books/pending-invitation';
import { fetchNotifications } from './api';

export type ProgressReporter = (message: string, percent: number) => void;

/**
 * After login or sign-up (spec §4): notifications and the current month are loaded with the new
 * token, then earlier data is dropped and the session stored. The session is stored last because
 * storing it makes the guard leave the login screen (and its loading screen). Returns the
 * landing route: a pending invitation's page, else this month's budgets.
 */
export async function completeSignIn(
  auth: AuthResponse,
  remember: boolean,
  report: ProgressReporter,
): Promise<string> {
  const token = auth.api_token;
  report('Loading your notifications.', 60);
  let notifications: Notification[] = [];
  try {
    notifications = await fetchNotifications(token);
  } catch {
    // Notifications are not needed to use the app; a failure is only logged.
    console.warn('Could not load notifications');
  }
  report('Opening this month’s budgets.', 85);
  let today: MonthResponse | null = null;
  try {
    today = await callApi('getCurrentMonth', { token });
  } catch {
    console.warn('Could not load the current month; using the browser date');
  }
  // The signed-in screens read through TanStack Query: its client is loaded before the session
  // starts, so the first of them never waits for it (components/QueryScope.tsx).
  const queryClient = await loadQueryClient();
  report('Done.', 100);
  queryClient.clear();
  if (today) currentMonth.set(token, today);
  startSession(token, auth.user, remember);
  saveNotifications(notifications);
  // An invitation opened before signing in is where the person was going (issue 25).
  return takePendingInvitationPath() ?? budgetsPath(today ?? browserMonth());
}
