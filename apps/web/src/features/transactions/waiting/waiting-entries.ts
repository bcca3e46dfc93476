/**
 * What the screens use of the device's waiting entries (DECISIONS.md #104): keep a transaction
 * that could not be sent, list the signed-in person's, send them, fix or discard a refused one.
 * Every change is told to the app's other tabs, whose lists then read the device again.
 */
import { NetworkError } from '../../../lib/api-client';
import { chosenBookId } from '../../../lib/book';
import { createExternalStore } from '../../../lib/external-store';
import { SEND_WAITING_TAG } from '../../../lib/offline/waiting-sync';
import { getSession } from '../../../lib/session';
import { useExternalStore } from '../../../lib/use-external-store';
import { type WaitingEntry, canKeepEntries, entriesOf, forgetEntry, keepEntry } from './entry-store';
import { type SendSummary, sendWaitingEntries } from './send-entries';


const CHANNEL = 'mindspend-waiting-entries';
const waitingStore = createExternalStore<readonly WaitingEntry[]>([]);
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Reads the signed-in person's entries from the device into the list the screens show. */
export async function refreshWaitingEntries(): Promise<void> {
  const userId = getSession().user?.id;
  waitingStore.set(userId === undefined || !canKeepEntries() ? [] : await entriesOf(userId));
}

async function changed(): Promise<void> {
  await refreshWaitingEntries();
  channel?.postMessage('changed');
}
channel?.addEventListener('message', () => void refreshWaitingEntries());

/** The signed-in person's waiting and refused entries. */
export function useWaitingEntries(): readonly WaitingEntry[] {
  return useExternalStore(waitingStore);
}

/** True when a failed save should be kept on the device rather than shown as an error. */
export function isWithoutConnection(error: unknown): boolean {
  return error instanceof NetworkError && canKeepEntries();
}

/** A new key for a new entry; the same key goes with every attempt to send it. */
export const newEntryKey = (): string => `entry-${crypto.randomUUID()}`;

export type NewWaitingEntry = Omit<WaitingEntry, 'userId' | 'bookId' | 'keptAt' | 'refused'>;

/**
 * Keeps a transaction the server could not be reached for, in the chosen book, and asks to be
 * told when the connection returns. Throws when nobody is signed in.
 */
export async function keepForLater(entry: NewWaitingEntry): Promise<void> {
  const userId = getSession().user?.id;
  if (userId === undefined) throw new Error('Nobody is signed in to keep the entry for.');
  await keepEntry({ ...entry, userId, bookId: chosenBookId(), keptAt: new Date().toISOString() });
  await changed();
  await askForBackgroundSync();
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Background Sync, where the browser has it: the worker wakes the app's windows when online. */
async function askForBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null) return;
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: SyncManagerLike };
  await registration.sync?.register(SEND_WAITING_TAG).catch(() => undefined);
}

/** What became of an entry kept after a failed save and tried again at once. */
export type KeptOutcome = { kind: 'saved' } | { kind: 'waiting' } | { kind: 'refused'; messages: string[] };

/**
 * Keeps an entry whose save failed without an answer, then, when the browser believes it is online
 * (an answer lost on the way back), tries the waiting entries at once: the same key gets the first
 * save's answer, or writes it now. A refusal is handed back to the form still open, not kept.
 */
export async function keepAndTryAgain(entry: NewWaitingEntry): Promise<KeptOutcome> {
  await keepForLater(entry);
  if (navigator.onLine) await sendWaiting();
  const kept = waitingStore.get().find((candidate) => candidate.key === entry.key);
  if (kept === undefined) return { kind: 'saved' };
  if (kept.refused === undefined) return { kind: 'waiting' };
  await discardEntry(kept.key);
  return { kind: 'refused', messages: kept.refused };
}

/** Sends the signed-in person's waiting entries, then shows what is left. */
export async function sendWaiting(): Promise<SendSummary | null> {
  const userId = getSession().user?.id;
  if (userId === undefined || !canKeepEntries()) return null;
  const summary = await sendWaitingEntries(userId);
  await changed();
  return summary;
}

/** Discards an entry: the person chose not to record it. */
export async function discardEntry(key: string): Promise<void> {
  await forgetEntry(key);
  await changed();
}
