/** Calls of the Account Settings screen (spec §7, DECISIONS.md #7). */
import { useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  MessageResponse,
  RecoveryCodesResponse,
  Session,
  Subscription,
  TwoFactorSetupResponse,
  UpgradeBody,
  User,
} from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { updateSessionUser } from '../../lib/session';

export const subscriptionQueryKey = ['subscription'] as const;

export const changePassword = (body: ChangePasswordBody) =>
  api.post<MessageResponse>('/users/change-password', body);

/** Deleting the account asks for the password again (DECISIONS.md #29). */
export const deleteUser = (id: number, currentPassword: string) =>
  api.delete<null>(`/users/${id}`, { current_password: currentPassword });

export const fetchSubscription = () => api.get<Subscription>('/subscription');
export const upgradeSubscription = (body: UpgradeBody) => api.post<Subscription>('/subscription', body);
export const cancelSubscription = () => api.delete<Subscription>('/subscription');

/** Saves the second-look wait (null: off) and keeps the session's user in step. */
export async function saveSecondLookDays(userId: number, days: number | null): Promise<void> {
  const { user } = await api.patch<{ user: User }>(`/users/${userId}`, { second_look_days: days });
  updateSessionUser(user);
}

/** Turns the monthly reflection e-mail on or off and keeps the session's user in step. */
export async function saveReflectionEmail(userId: number, on: boolean): Promise<void> {
  const { user } = await api.patch<{ user: User }>(`/users/${userId}`, { reflection_email: on });
  updateSessionUser(user);
}

/** Re-reads the signed-in user (plan flags change after an upgrade). */
export async function refreshUser(): Promise<void> {
  const { user } = await api.get<{ user: User }>('/user');
  updateSessionUser(user);
}

export function useSubscription() {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: fetchSubscription });
}

export const sessionsQueryKey = ['user', 'sessions'] as const;

/** The signed-in devices (DECISIONS.md #27). */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => api.get<Session[]>('/user/sessions') });
}
export const endOtherSessions = () => api.delete<null>('/user/sessions');
export const endSessions = (sessionIds: readonly number[]) =>
  api.post<null>('/user/sessions/sign-out', { session_ids: sessionIds });

/** Setting two-factor up asks for the password (DECISIONS.md #75). */
export const startTwoFactor = (currentPassword: string) =>
  api.post<TwoFactorSetupResponse>('/user/two-factor', { current_password: currentPassword });
export const confirmTwoFactor = (code: string) => api.post<RecoveryCodesResponse>('/user/two-factor/confirm', { code });
/** Turning two-factor off asks for the password and a code (DECISIONS.md #29). */
export const turnOffTwoFactor = (currentPassword: string, code: string) =>
  api.delete<null>('/user/two-factor', { current_password: currentPassword, code });
