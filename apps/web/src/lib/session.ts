/**
 * The signed-in state the whole app reads: a tiny external store over ./storage so that React
 * components (via useSession) and the API client see the same token at all times.
 */
import type { User } from '@mindspend/api-contract';
import { createExternalStore } from './external-store';
import { clearSession, readToken, readUser, saveSession, saveUser } from './storage';

export interface Session {
  token: string | null;
  user: User | null;
}

function readSession(): Session {
  return { token: readToken(), user: readUser() };
}

/** What useSession reads. ./storage, not this store, keeps the session between reloads. */
export const sessionStore = createExternalStore<Session>(readSession());

function publish(): void {
  sessionStore.set(readSession());
}

/** Current session (stable object between changes, as useSyncExternalStore needs). */
export function getSession(): Session {
  return sessionStore.get();
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}

/** Signs in: stores token and user (spec §4 "logged out becomes logged in when a token is set"). */
export function startSession(token: string, user: User, remember: boolean): void {
  saveSession(token, user, remember);
  publish();
}

/** Replaces the user record after a profile change. */
export function updateSessionUser(user: User): void {
  saveUser(user);
  publish();
}

/** Signs out locally: token, user and notifications are forgotten. */
export function endSession(): void {
  clearSession();
  publish();
}

/** Re-reads storage, e.g. when another tab signed in or out. */
export function reloadSession(): void {
  publish();
}
