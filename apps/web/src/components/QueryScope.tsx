import { type ReactNode, useEffect } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { loadQueryClient, queryClientSlot } from '../lib/query-client-slot';
import { useExternalStore } from '../lib/use-external-store';
import { useSession } from '../lib/use-session';
import { PageLoader } from './PageLoader';

/**
 * Gives the screens TanStack Query's client once it is loaded (DECISIONS.md #115). Only the
 * context is imported here, not the library: a public page renders without a client, and its
 * screens read nothing through queries. Signed in, every screen may, so until the client is loaded
 * (a page opened signed in, a session begun in another tab) the page waits for it and this loads
 * it, beside the screen's own code, which the router has begun to load; signing in here loads it
 * first.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useExternalStore(queryClientSlot);
  const { token } = useSession();
  const waiting = Boolean(token) && client === null;
  useEffect(() => {
    if (waiting) void loadQueryClient();
  }, [waiting]);
  // What QueryClientProvider does beside the context: online and focus events reach the queries.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  if (waiting) return <PageLoader />;
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
