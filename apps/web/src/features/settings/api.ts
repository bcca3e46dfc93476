/** Calls of the Account Settings screen (spec §7, DECISIONS.md #7). */
import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordBody, UpgradeBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';
import { updateSessionUser } from '../../lib/session';

export const subscriptionQueryKey = ['subscription'] as const;

export const changePassword = (body: ChangePasswordBody) =>
  callApi('changePassword', { body });

/** Deleting the account asks for the password again (DECISIONS.md #29). */
export const deleteUser = (id: number, currentPassword: string) =>
  callApi('deleteUser', { params: { id }, body: { current_password: currentPassword } });

export const fetchSubscription = () => callApi('getSubscription');
export const upgradeSubscription = (body: UpgradeBody) => callApi('startSubscription', { body });
export const cancelSubscription = () => callApi('cancelSubscription');

/** Saves the second-look wait (null: off) and keeps the session's user in step. */
export async function saveSecondLookDays(userId: number, days: number | null): Promise<void> {
  const { user } = await callApi('updateUser', { params: { id: userId }, body: { second_look_days: days } });
  updateSessionUser(user);
}

/** Turns the monthly reflection e-mail on or off and keeps the session's user in step. */
export async function saveReflectionEmail(userId: number, on: boolean): Promise<void> {
  const { user } = await callApi('updateUser', { params: { id: userId }, body: { reflection_email: on } });
  updateSessionUser(user);
}

/**
 * Saves the person's time zone (DECISIONS.md #85) and keeps the session's user in step. Every
 * answer held may depend on "today" (the current month, statuses, due bills), so all are read again.
 */
export async function saveTimeZone(userId: number, zone: string): Promise<void> {
  const { user } = await callApi('updateUser', { params: { id: userId }, body: { time_zone: zone } });
  updateSessionUser(user);
  await queryClient.invalidateQueries();
}

/** Re-reads the signed-in user (plan flags change after an upgrade). */
export async function refreshUser(): Promise<void> {
  const { user } = await callApi('getCurrentUser');
  updateSessionUser(user);
}

export function useSubscription() {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: fetchSubscription });
}

export const sessionsQueryKey = ['user', 'sessions'] as const;

/** The signed-in devices (DECISIONS.md #27). */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => callApi('listSessions') });
}
export const endOtherSessions = () => callApi('deleteOtherSessions');
export const endSessions = (sessionIds: readonly number[]) =>
  callApi('signOutSessions', { body: { session_ids: [...sessionIds] } });

/** Setting two-factor up asks for the password (DECISIONS.md #75). */
export const startTwoFactor = (currentPassword: string) =>
  callApi('startTwoFactorSetup', { body: { current_password: currentPassword } });
export const confirmTwoFactor = (code: string) => callApi('confirmTwoFactor', { body: { code } });
/** Turning two-factor off asks for the password and a code (DECISIONS.md #29). */
export const turnOffTwoFactor = (currentPassword: string, code: string) =>
  callApi('disableTwoFactor', { body: { current_password: currentPassword, code } });
