/// <reference lib="webworker" />
/**
 * "How did that feel?" nudges in the service worker (issue 30, DECISIONS.md #103): a push shows the
 * nudge with the feelings as buttons; a button records that feeling with the token the payload
 * carried (no session: the token is the authority, for that one purchase) and, when that fails (an
 * expired or used token, no connection), opens the app at the purchase so it can be answered
 * there; a tap on the notification itself brings Mindspend forward at the nudge's page.
 */
import { ROUTES, type PushFeelingBody } from '@mindspend/api-contract';
import { type Nudge, appUrl, feelingOfAction, nudgeNotification, readNudge } from './push-nudge-rules';

/** `Notification.maxActions` where the browser has it (Chromium), else undefined. */
function maxActions(): number | undefined {
  const value = (Notification as { maxActions?: unknown }).maxActions;
  return typeof value === 'number' ? value : undefined;
}

/**
 * Keeps the worker alive until `work` settles. The work is already running: an event the worker
 * did not get from the browser (dispatched by a page or a test) is untrusted, and its waitUntil
 * throws, but what it asked for is still done.
 */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Untrusted event: nothing to extend.
  }
}

async function showNudge(sw: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  let text: string;
  try {
    text = data?.text() ?? '';
  } catch {
    return;
  }
  // Anything but a nudge is ignored (the browser may then say the site updated in the background).
  const nudge = readNudge(text);
  if (!nudge) return;
  const { title, options } = nudgeNotification(nudge, maxActions());
  await sw.registration.showNotification(title, options);
}

/**
 * Brings an open Mindspend window forward at `url`, or opens one. The browser allows either only
 * while the click is fresh; past that (a slow connection) the nudge has at least been answered or
 * closed, and the person opens the app themselves.
 */
async function openApp(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = appUrl(url, sw.location.origin);
  try {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
    if (!open) {
      await sw.clients.openWindow(target);
      return;
    }
    const focused = await open.focus();
    // A window the worker does not control cannot be navigated; it is in front all the same.
    await focused.navigate(target).catch(() => null);
  } catch {
    // Not allowed any more (see above).
  }
}

/** Records the feeling with the nudge's token; false when the server did not take it. */
async function recordFeeling(sw: ServiceWorkerGlobalScope, nudge: Nudge & { action: NonNullable<Nudge['action']> }, feeling: PushFeelingBody['feeling']): Promise<boolean> {
  const body: PushFeelingBody = { token: nudge.action.token, transaction_id: nudge.action.transaction_id, feeling };
  try {
    // The page's API client holds the session, which the worker has not got and does not need.
    const response = await sw.fetch(ROUTES.recordPushFeeling.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function answerClick(sw: ServiceWorkerGlobalScope, notification: Notification, action: string): Promise<void> {
  const nudge = readNudge(notification.data);
  notification.close();
  if (!nudge) return openApp(sw, '/');
  const feeling = feelingOfAction(action);
  if (feeling && nudge.action && (await recordFeeling(sw, { ...nudge, action: nudge.action }, feeling))) return;
  await openApp(sw, nudge.url);
}

/** Shows nudges and answers their buttons; sw.ts calls it once. */
export function listenForPushNudges(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event: PushEvent) => keepAlive(event, showNudge(sw, event.data)));
  sw.addEventListener('notificationclick', (event: NotificationEvent) => keepAlive(event, answerClick(sw, event.notification, event.action)));
}
