import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { queryClient } from './query-client';
import { retriesRead } from './read-retry';

describe('the shared query client', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an offline read failure at once instead of retrying, and retries a server hiccup', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(retriesRead(0, new NetworkError('GET'))).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(retriesRead(0, new NetworkError('GET'))).toBe(true);
    expect(retriesRead(0, new ApiError(503, null))).toBe(true);
    expect(retriesRead(2, new ApiError(503, null))).toBe(false);
    expect(retriesRead(0, new ApiError(404, { message: 'Not found.' }))).toBe(false);
  });

  it('sends reads and writes while the browser reports offline, so the worker or the message answers', () => {
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });
});
