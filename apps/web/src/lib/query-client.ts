import { QueryClient } from '@tanstack/react-query';
import { onBookSwitch } from './book';
import { retriesRead } from './read-retry';
import { saveNotifications } from './storage';

/**
 * Shared TanStack Query client. Requests are sent even when the browser says it is offline
 * (networkMode 'always'): the service worker may answer a read from the device, and a write must
 * fail at once with its 'needs a connection' message rather than wait, paused, with the form
 * spinning (DECISIONS.md #34, #35).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      networkMode: 'always',
      retry: retriesRead,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// Another book chosen, or the chosen one gone (issue 25): every query starts over in the new book
// (the answers of the previous one dropped, in-flight reads cancelled, shown ones read again), so
// no figure of the previous book stays on screen; its notices kept on the device go too.
onBookSwitch(() => {
  saveNotifications([]);
  void queryClient.resetQueries();
});
