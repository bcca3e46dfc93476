/**
 * An external store kept in the tab's sessionStorage as JSON, so a reload of the tab finds it and
 * a new tab starts empty. Storage can be blocked (privacy modes): the value then lasts until the
 * page reloads, and nothing throws.
 */
import { createExternalStore, type ExternalStore } from './external-store';

export interface SessionStorageStoreOptions<T> {
  /** The sessionStorage key. */
  key: string;
  /** The value while nothing (readable) is stored. */
  empty: T;
  /**
   * The stored JSON back as a value. It may be from an older version of the app or edited by
   * hand: check what matters; throwing counts as nothing stored.
   */
  parse: (stored: unknown) => T;
  /** See ExternalStoreOptions.equals: an equal value is neither stored nor announced. */
  equals?: (current: T, next: T) => boolean;
}

function readStored<T>({ key, empty, parse }: SessionStorageStoreOptions<T>): T {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? parse(JSON.parse(raw)) : empty;
  } catch {
    return empty;
  }
}

/** Stores `value` under `key`; null removes the key. */
function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked storage: the value lasts until the page reloads.
  }
}

export function createSessionStorageStore<T>(options: SessionStorageStoreOptions<T>): ExternalStore<T> {
  return createExternalStore(readStored(options), {
    equals: options.equals,
    onChange: (value) => writeStored(options.key, value),
  });
}
