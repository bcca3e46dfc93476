import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session';

/** The current session; re-renders when the user signs in or out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
