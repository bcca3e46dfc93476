/**
 * What this browser can do about Web Push, in words a person can act on (issue 30): push needs a
 * secure page (https, or localhost), a service worker and the Push API; iPhones and iPads have the
 * last only in an app added to the Home Screen. Pure: the component passes what it read from
 * `window` and `navigator`.
 */

export interface BrowserFacts {
  isSecureContext: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
}

export type PushAvailability = { kind: 'available' } | { kind: 'insecure' } | { kind: 'unsupported'; message: string };

const IOS = /\b(iPhone|iPad|iPod)\b/;

export const INSECURE_MESSAGE =
  'Notifications need a secure connection: this page was opened over plain http. Open Mindspend at its https:// address (or on localhost) to turn them on.';
export const UNSUPPORTED_MESSAGE =
  'This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari, or the installed app on your phone.';
export const IOS_MESSAGE =
  'On iPhone and iPad, notifications work in the installed app only: in Safari choose Share → Add to Home Screen, open Mindspend from the Home Screen, and turn them on there (iOS 16.4 or later).';
export const DENIED_MESSAGE =
  'Notifications are blocked for Mindspend in this browser. To allow them again, open the site settings (the icon left of the address, or the browser’s settings → Site settings → Notifications), set Notifications to Allow for this site, and reload this page.';
export const DISMISSED_MESSAGE = 'Notifications were not allowed: the browser’s question was closed. Press the button again to be asked again.';
export const NO_WORKER_MESSAGE =
  'The app’s service worker is not running on this page, and notifications need it. Reload the page; if this stays, the browser may block service workers (private windows often do).';

/** Whether this page may ask for push at all, and if not, why. */
export function pushAvailability(facts: BrowserFacts): PushAvailability {
  // Over plain http the browser hides the service worker and Push APIs too: say the real cause.
  if (!facts.isSecureContext) return { kind: 'insecure' };
  if (facts.hasServiceWorker && facts.hasPushManager && facts.hasNotification) return { kind: 'available' };
  return { kind: 'unsupported', message: IOS.test(facts.userAgent) ? IOS_MESSAGE : UNSUPPORTED_MESSAGE };
}

export function browserFacts(): BrowserFacts {
  return {
    isSecureContext: window.isSecureContext,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    userAgent: navigator.userAgent,
  };
}

/** The browser's refusal to subscribe, said in words with what to try next. */
export function subscribeFailureMessage(error: unknown): string {
  if (error instanceof DOMException || error instanceof Error) {
    if (error.name === 'NotAllowedError') return DENIED_MESSAGE;
    const said = error.message.trim() === '' ? error.name : `“${error.message.trim()}” (${error.name})`;
    const advice =
      error.name === 'AbortError'
        ? ' Its push service is missing or turned off (some Chromium builds have none, and some privacy settings block it); try another browser on this device.'
        : '';
    return `This browser could not sign up for notifications: ${said}.${advice}`;
  }
  return 'This browser could not sign up for notifications, and gave no reason.';
}

/** Base64url (the VAPID key's form) → the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether two keys are the same bytes (the subscription's key as the browser keeps it). */
export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  return left.every((byte, index) => byte === b[index]);
}
