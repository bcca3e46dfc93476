import { sessionStore, type Session } from './session';
import { useExternalStore } from './use-external-store';

/** The current session; re-renders when the user signs in or out. */
export function useSession(): Session {
  return useExternalStore(sessionStore);
}
