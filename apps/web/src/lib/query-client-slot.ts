/**
 * Where the shell finds TanStack Query's client once it is loaded (DECISIONS.md #115). The client
 * and the library come in a chunk of their own with the first screen that reads through them, so
 * a public page never downloads them: the shell may not import lib/query-client.ts. Whoever sets
 * a session token loads the client first (loadQueryClient), so a signed-in screen always has it
 * (components/QueryScope.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createExternalStore } from './external-store';

/** The loaded client, or null before the first signed-in screen or query needed it. */
export const queryClientSlot = createExternalStore<QueryClient | null>(null);

/** Loads the client (once), puts it where the shell finds it, and returns it. */
export async function loadQueryClient(): Promise<QueryClient> {
  const { queryClient } = await import('./query-client');
  queryClientSlot.set(queryClient);
  return queryClient;
}
