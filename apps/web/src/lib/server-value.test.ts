import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from './api-client';
import { createServerValue, useServerValue } from './server-value';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a value the shell reads from the server without TanStack Query', () => {
  it('is read once for every reader of the same key, and shown to each', async () => {
    const read = vi.fn(async (key: string) => `month of ${key}`);
    const value = createServerValue(read, { freshMs: 60_000, retry: false });
    const first = renderHook(() => useServerValue(value, 'token-a'));
    const second = renderHook(() => useServerValue(value, 'token-a'));
    expect(first.result.current).toEqual({ data: undefined, isPending: true, isError: false });
    await waitFor(() => expect(second.result.current).toEqual({ data: 'month of token-a', isPending: false, isError: false }));
    expect(first.result.current.data).toBe('month of token-a');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('never shows one key’s answer to a reader of another (the previous session’s month)', async () => {
    const value = createServerValue(async (key: string) => `month of ${key}`, { freshMs: 60_000, retry: false });
    value.set('token-a', 'month of token-a');
    const reader = renderHook(() => useServerValue(value, 'token-b'));
    expect(reader.result.current.data).toBeUndefined();
    await waitFor(() => expect(reader.result.current.data).toBe('month of token-b'));
  });

  it('asks nothing for a null key', () => {
    const read = vi.fn(async () => 'x');
    const value = createServerValue(read, { freshMs: 60_000, retry: true });
    const reader = renderHook(() => useServerValue(value, null));
    expect(reader.result.current).toEqual({ data: undefined, isPending: false, isError: false });
    expect(read).not.toHaveBeenCalled();
  });

  it('uses an answer given while signing in instead of asking, until it is stale', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const read = vi.fn(async () => 'read');
    const value = createServerValue(read, { freshMs: 5 * 60_000, retry: false });
    value.set('token', 'given');
    const early = renderHook(() => useServerValue(value, 'token'));
    expect(early.result.current).toEqual({ data: 'given', isPending: false, isError: false });
    expect(read).not.toHaveBeenCalled();
    now += 5 * 60_000;
    const late = renderHook(() => useServerValue(value, 'token'));
    // The stale answer stays shown while the new one is read.
    expect(late.result.current).toEqual({ data: 'given', isPending: false, isError: false });
    await waitFor(() => expect(late.result.current.data).toBe('read'));
    vi.restoreAllMocks();
  });

  it('gives up at once on a client error, and stops being pending so the page can go on', async () => {
    const read = vi.fn(async () => {
      throw new ApiError(404, { message: 'Not found.' });
    });
    const value = createServerValue(read, { freshMs: Infinity, retry: true });
    const reader = renderHook(() => useServerValue(value, 'server'));
    await waitFor(() => expect(reader.result.current).toEqual({ data: undefined, isPending: false, isError: true }));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('tries a server hiccup twice more, a second then two apart, as the query client would', async () => {
    vi.useFakeTimers();
    const read = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(503, null))
      .mockRejectedValueOnce(new ApiError(503, null))
      .mockResolvedValueOnce('answered');
    const value = createServerValue(read, { freshMs: Infinity, retry: true });
    const reader = renderHook(() => useServerValue(value, 'server'));
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(read).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(read).toHaveBeenCalledTimes(3);
    expect(reader.result.current).toEqual({ data: 'answered', isPending: false, isError: false });
  });

  it('drops an answer that arrives after the value was cleared (signed out meanwhile)', async () => {
    let answer: (text: string) => void = () => undefined;
    const value = createServerValue(() => new Promise<string>((resolve) => (answer = resolve)), { freshMs: Infinity, retry: false });
    void value.load('token');
    value.clear();
    answer('late');
    await Promise.resolve();
    expect(value.store.get().data).toBeUndefined();
  });
});
