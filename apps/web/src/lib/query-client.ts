import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Shared TanStack Query client: client errors (4xx) are final, so they are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        failureCount < 2,
    },
    mutations: { retry: false },
  },
});
