/** Calls of the Account Settings screen (spec §7, DECISIONS.md #7). */
import { useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  MessageResponse,
  Subscription,
  UpgradeBody,
  User,
} from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { updateSessionUser } from '../../lib/session';

export const subscriptionQueryKey = ['subscription'] as const;

export const changePassword = (body: ChangePasswordBody) =>
  api.post<MessageResponse>('/users/change-password', body);

export const deleteUser = (id: number) => api.delete<null>(`/users/${id}`);

export const fetchSubscription = () => api.get<Subscription>('/subscription');
export const upgradeSubscription = (body: UpgradeBody) => api.post<Subscription>('/subscription', body);
export const cancelSubscription = () => api.delete<Subscription>('/subscription');

/** Saves the second-look wait (null: off) and keeps the session's user in step. */
export async function saveSecondLookDays(userId: number, days: number | null): Promise<void> {
  const { user } = await api.patch<{ user: User }>(`/users/${userId}`, { second_look_days: days });
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
