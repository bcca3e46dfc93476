/** Calls of the sign-in, sign-up and password-reset screens (spec §7). */
import type {
  AuthResponse,
  MessageResponse,
  NotificationsResponse,
  RegisterBody,
  ResetPasswordBody,
} from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { endSession, getSession } from '../../lib/session';
import { queryClient } from '../../lib/query-client';

export const login = (email: string, password: string) =>
  api.post<AuthResponse>('/login', { email, password }, { skipAuth: true });

export const register = (body: RegisterBody) =>
  api.post<AuthResponse>('/register', body, { skipAuth: true });

export const forgotPassword = (email: string) =>
  api.post<MessageResponse>('/forgot-password', { email }, { skipAuth: true });

export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/reset-password', body, { skipAuth: true });

/** The user's notifications, with the token of a session that is not stored yet. */
export async function fetchNotifications(token: string): Promise<NotificationsResponse['notifications']> {
  const { notifications } = await api.get<NotificationsResponse>('/notifications', { token });
  return notifications;
}

/**
 * Logout (spec §4): local data is cleared first and regardless of the server's answer; the
 * token is still sent so that the server revokes it.
 */
export async function logout(): Promise<void> {
  const token = getSession().token;
  endSession();
  queryClient.clear();
  if (!token) return;
  try {
    await api.post<null>('/logout', undefined, { token });
  } catch {
    // Spec §7: failures are ignored; the local session is already gone.
  }
}

/** The browser's offset from UTC in hours, as the registration payload sends it. */
export function browserTimezone(): number {
  return -new Date().getTimezoneOffset() / 60;
}
