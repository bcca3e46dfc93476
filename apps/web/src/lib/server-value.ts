/**
 * A value the server gives that the app's shell needs on every page, read without TanStack Query
 * (DECISIONS.md #115): the shell of a public page does not download the query library, which
 * comes with the first signed-in screen. Read when first wanted, shared by every reader, kept
 * for `freshMs`, read again by the next reader after that; failed reads are tried again as the
 * query client would (lib/read-retry.ts). Each value belongs to a key (the session's token for
 * the current month): a reader with another key never sees the previous key's value.
 */
import { useEffect } from 'react';
import { type ExternalStore, createExternalStore } from './external-store';
import { retriesRead, retryDelayMs } from './read-retry';
import { useExternalStore } from './use-external-store';

export interface Snapshot<T> {
  key: string | null;
  data: T | undefined;
  /** Whether the last read for `key` ended, with an answer or for good without one. */
  settled: boolean;
  /** Whether the last read for `key` failed for good (an earlier answer may still be shown). */
  failed: boolean;
  readAt: number;
}

export interface ServerValueState<T> {
  /** The answer for the reader's key, or undefined while none has come (or none could). */
  data: T | undefined;
  /** True while the first read for the reader's key is under way. */
  isPending: boolean;
  /** True when the last read failed for good. */
  isError: boolean;
}

export interface ServerValue<T> {
  /** What readers subscribe to (useServerValue). */
  readonly store: ExternalStore<Snapshot<T>>;
  /** Reads the value for `key` unless a read is under way or the answer is still fresh. */
  load(key: string): Promise<void>;
  /** An answer obtained another way (e.g. while signing in), kept as if just read. */
  set(key: string, data: T): void;
  /** Forgets the value (a test's fresh start). */
  clear(): void;
}

export interface ServerValueOptions {
  /** How long an answer is used before the next reader asks again. */
  freshMs: number;
  /** Whether a failed read is tried again (as `retriesRead` decides). */
  retry: boolean;
}

const EMPTY = { key: null, data: undefined, settled: false, failed: false, readAt: 0 } as const;

export function createServerValue<T>(read: (key: string) => Promise<T>, options: ServerValueOptions): ServerValue<T> {
  const store = createExternalStore<Snapshot<T>>(EMPTY);
  let reading: string | null = null;

  const fresh = (snapshot: Snapshot<T>, key: string) =>
    snapshot.key === key && snapshot.settled && Date.now() - snapshot.readAt < options.freshMs;

  async function load(key: string): Promise<void> {
    if (reading === key || fresh(store.get(), key)) return;
    if (store.get().key !== key) store.set({ key, data: undefined, settled: false, failed: false, readAt: 0 });
    reading = key;
    for (let failures = 0; ; failures += 1) {
      try {
        const data = await read(key);
        if (store.get().key === key) store.set({ key, data, settled: true, failed: false, readAt: Date.now() });
        break;
      } catch (error) {
        if (!options.retry || !retriesRead(failures, error)) {
          // The last answer, if any, stays shown; the next reader after freshMs asks again.
          const current = store.get();
          if (current.key === key) store.set({ ...current, settled: true, failed: true, readAt: Date.now() });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(failures)));
      }
    }
    if (reading === key) reading = null;
  }

  return {
    store,
    load,
    set(key, data) {
      store.set({ key, data, settled: true, failed: false, readAt: Date.now() });
    },
    clear() {
      reading = null;
      store.set(EMPTY);
    },
  };
}

/** The value for `key`, read if it is missing or stale; a `null` key reads nothing (not wanted here). */
export function useServerValue<T>(value: ServerValue<T>, key: string | null): ServerValueState<T> {
  const snapshot = useExternalStore(value.store);
  useEffect(() => {
    if (key !== null) void value.load(key);
  }, [value, key]);
  if (key === null) return { data: undefined, isPending: false, isError: false };
  const own = snapshot.key === key;
  const data = own ? snapshot.data : undefined;
  return { data, isPending: data === undefined && !(own && snapshot.settled), isError: own && snapshot.failed };
}
