/**
 * Where the session lives in the browser (DECISIONS.md #3): the API token and the user record
 * go to localStorage when "Remember me" is checked, otherwise to sessionStorage so that they
 * disappear with the tab. Notifications are kept next to them (spec §7: "stored locally").
 */
import type { Notification, User } from '@mindspend/api-contract';

export const TOKEN_KEY = 'mindspend.token';
export const USER_KEY = 'mindspend.user';
export const NOTIFICATIONS_KEY = 'mindspend.notifications';

const KEYS = [TOKEN_KEY, USER_KEY, NOTIFICATIONS_KEY];

function stores(): Storage[] {
  const found: Storage[] = [];
  try {
    found.push(window.localStorage);
  } catch {
    // Storage can be blocked (privacy modes); the app then keeps nothing between reloads.
  }
  try {
    found.push(window.sessionStorage);
  } catch {
    // as above
  }
  return found;
}

/** The store that currently holds the token, if any. */
function activeStore(): Storage | undefined {
  return stores().find((store) => store.getItem(TOKEN_KEY) !== null);
}

function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = activeStore()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { email?: unknown }).email === 'string'
  );
}

function isNotificationList(value: unknown): value is Notification[] {
  return Array.isArray(value);
}

/** The stored API token, or null when signed out. */
export function readToken(): string | null {
  return activeStore()?.getItem(TOKEN_KEY) ?? null;
}

/** The stored user record, or null. */
export function readUser(): User | null {
  return readJson(USER_KEY, isUser);
}

/** The stored notifications (empty when none). */
export function readNotifications(): Notification[] {
  return readJson(NOTIFICATIONS_KEY, isNotificationList) ?? [];
}

/** Stores a new session; `remember` picks localStorage over sessionStorage. */
export function saveSession(token: string, user: User, remember: boolean): void {
  clearSession();
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem(TOKEN_KEY, token);
  store.setItem(USER_KEY, JSON.stringify(user));
}

/** Replaces the stored user record, in the store that holds the session. */
export function saveUser(user: User): void {
  activeStore()?.setItem(USER_KEY, JSON.stringify(user));
}

/** Replaces the stored notifications, in the store that holds the session. */
export function saveNotifications(notifications: Notification[]): void {
  activeStore()?.setItem(NOTIFICATIONS_KEY, JSON.stringify(notifications));
}

/** Forgets token, user and notifications in both stores. */
export function clearSession(): void {
  for (const store of stores()) {
    for (const key of KEYS) store.removeItem(key);
  }
}
