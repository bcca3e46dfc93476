/** Calls of Settings → Notifications (issue 30, DECISIONS.md #103): devices and quiet hours. */
import { useQuery } from '@tanstack/react-query';
import type { CreatePushSubscriptionBody, PushSettings } from '@mindspend/api-contract';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

const devicesKey = ['push', 'subscriptions'] as const;
const settingsKey = ['push', 'settings'] as const;

export function usePushDevices() {
  return useQuery({ queryKey: devicesKey, queryFn: () => callApi('listPushSubscriptions') });
}

export function usePushSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => callApi('getPushSettings') });
}

/** The server's VAPID public key (base64url), which a subscription is made for. */
export async function fetchPublicKey(): Promise<string> {
  return (await callApi('getPushPublicKey')).public_key;
}

/** Registers this device's subscription; answers the server's id for it. */
export async function registerDevice(body: CreatePushSubscriptionBody): Promise<number> {
  const created = await callApi('createPushSubscription', { body });
  await queryClient.invalidateQueries({ queryKey: devicesKey });
  return created.id;
}

/** Removes a device; one already gone (removed on another device) is what was asked for. */
export async function removeDevice(id: number): Promise<void> {
  try {
    await callApi('deletePushSubscription', { params: { id } });
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
  }
  await queryClient.invalidateQueries({ queryKey: devicesKey });
}

export async function saveQuietHours(body: PushSettings): Promise<PushSettings> {
  const saved = await callApi('updatePushSettings', { body });
  queryClient.setQueryData(settingsKey, saved);
  return saved;
}
