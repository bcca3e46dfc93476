import { ApiError, NetworkError } from './api-client';

/**
 * Whether a failed read is worth another try: client errors (4xx) are final, and so is a request
 * that could not leave a device that is offline (the service worker had nothing saved for it).
 * `failures` counts the failures before this one (0 after the first), as TanStack Query passes it.
 */
export function retriesRead(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof NetworkError && !navigator.onLine) return false;
  return failures < 2;
}

/** TanStack Query's own wait before the next try: 1 s, 2 s, 4 s… at most 30 s. */
export const retryDelayMs = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);
