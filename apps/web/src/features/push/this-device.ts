/**
 * This browser's push subscription (issue 30): turning notifications on (the browser's question,
 * PushManager.subscribe with the server's VAPID key, the server told), finding whether a device in
 * the list is this one, and turning it off here too when it is removed. The server lists devices
 * by the push service's host only (the endpoint is a capability), so which one is this browser's is
 * remembered on the device, per person: `mindspend.push-device.<user id>` → its id and endpoint.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DENIED_MESSAGE, DISMISSED_MESSAGE, NO_WORKER_MESSAGE, base64UrlToBytes, sameKey, subscribeFailureMessage } from './push-support';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { fetchPublicKey, registerDevice, removeDevice } from './api';
import type { PushAvailability } from './push-support';
import { thisDeviceLabel } from './device-label';

const RECORD_PREFIX = 'mindspend.push-device.';
/** The worker installs within a second or two of the first visit; longer means it never will. */
const WORKER_WAIT_MS = 10_000;

interface DeviceRecord {
  id: number;
  endpoint: string;
}

/** A step that failed, with the words to show; the page shows them as they are. */
export class PushSetupError extends Error {}

export type DeviceStatus =
  | { kind: 'no-worker' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; deviceId: number }
  /** The server has no VAPID keys (DECISIONS.md #103): its words on what its administrator sets. */
  | { kind: 'server-off'; message: string }
  /** The state could not be read (no connection): the words to show. */
  | { kind: 'unreadable'; messages: string[] };

const recordKey = (userId: number) => `${RECORD_PREFIX}${userId}`;

function readRecord(key: string): DeviceRecord | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    const record = parsed as Partial<DeviceRecord> | null;
    return record && typeof record.id === 'number' && typeof record.endpoint === 'string' ? { id: record.id, endpoint: record.endpoint } : null;
  } catch {
    return null;
  }
}

function remember(userId: number, record: DeviceRecord): void {
  try {
    localStorage.setItem(recordKey(userId), JSON.stringify(record));
  } catch {
    // Storage blocked: the device still gets notifications; the list cannot mark it as this one.
  }
}

function forget(userId: number): void {
  try {
    localStorage.removeItem(recordKey(userId));
  } catch {
    // as above
  }
}

/** Whether another person signed in on this browser also gets notifications through `endpoint`. */
function endpointSharedWithOthers(userId: number, endpoint: string): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(RECORD_PREFIX) && key !== recordKey(userId) && readRecord(key)?.endpoint === endpoint) return true;
    }
  } catch {
    // Storage blocked: nothing is remembered for anyone.
  }
  return false;
}

/** The app's service worker registration, once it is active; null when there is none. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  // The development server builds no worker (lib/offline/register-service-worker.ts).
  if (!import.meta.env.PROD) return (await navigator.serviceWorker.getRegistration()) ?? null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WORKER_WAIT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This browser's state: on (its subscription is one of `listedIds`, made for the server's current
 * key), off, blocked, without a worker, or on a server that has push off.
 */
export async function readDeviceStatus(userId: number, listedIds: readonly number[]): Promise<DeviceStatus> {
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(await fetchPublicKey());
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404 && failure.serverMessage) return { kind: 'server-off', message: failure.serverMessage };
    return { kind: 'unreadable', messages: failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR] };
  }
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const registration = await workerRegistration();
  if (!registration) return { kind: 'no-worker' };
  const subscription = await registration.pushManager.getSubscription();
  const record = readRecord(recordKey(userId));
  const listed = record !== null && listedIds.includes(record.id);
  // A subscription for a replaced key pair gets nothing any more: off, to be turned on again.
  if (subscription && listed && record.endpoint === subscription.endpoint && sameKey(subscription.options.applicationServerKey, key)) {
    return { kind: 'on', deviceId: record.id };
  }
  return { kind: 'off' };
}

/**
 * This browser's state, read again when the list changes, when asked (after turning it on, or
 * "Check again" once notifications were allowed in the browser's settings).
 */
export function useThisDeviceStatus(userId: number, availability: PushAvailability, listedIds: readonly number[] | undefined) {
  return useQuery({
    queryKey: ['push', 'this-device', userId, listedIds],
    queryFn: () => readDeviceStatus(userId, listedIds ?? []).catch((): DeviceStatus => ({ kind: 'unreadable', messages: [UNEXPECTED_ERROR] })),
    enabled: availability.kind === 'available' && listedIds !== undefined,
    staleTime: 0,
    // The row marked "This device" stays while the list is read again.
    placeholderData: keepPreviousData,
  });
}

/** The subscription for `key`: the browser's own when it has one for that key, else a new one. */
async function subscriptionFor(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<{ subscription: PushSubscription; made: boolean }> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return { subscription: existing, made: false };
  try {
    // One made for another key (the server's key pair was replaced) cannot be reused.
    await existing?.unsubscribe();
    return { subscription: await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), made: true };
  } catch (error) {
    throw new PushSetupError(subscribeFailureMessage(error));
  }
}

/**
 * Asks the browser, subscribes and tells the server; answers the device's id. Throws
 * PushSetupError (the browser's side, in words) or ApiError (the server's answer).
 */
export async function turnOnThisDevice(userId: number): Promise<number> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(DENIED_MESSAGE);
  if (permission !== 'granted') throw new PushSetupError(DISMISSED_MESSAGE);
  const registration = await workerRegistration();
  if (!registration) throw new PushSetupError(NO_WORKER_MESSAGE);
  const key = base64UrlToBytes(await fetchPublicKey());
  const { subscription, made } = await subscriptionFor(registration, key);
  const { endpoint, keys } = subscription.toJSON();
  try {
    const id = await registerDevice({ endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, label: thisDeviceLabel() });
    remember(userId, { id, endpoint: subscription.endpoint });
    return id;
  } catch (error) {
    // The server refused it: a subscription made just now would only be a loose end.
    if (made && !endpointSharedWithOthers(userId, subscription.endpoint)) await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Removes a device; when it is this one, this browser's subscription ends too. */
export async function removeDeviceEverywhere(userId: number, deviceId: number, isThisDevice: boolean): Promise<void> {
  await removeDevice(deviceId);
  if (!isThisDevice) return;
  const record = readRecord(recordKey(userId));
  forget(userId);
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  // Another person signed in here may still get their nudges through the same subscription.
  if (subscription && record && !endpointSharedWithOthers(userId, subscription.endpoint)) await subscription.unsubscribe();
}
