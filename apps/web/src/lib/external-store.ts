/**
 * A value held outside React: plain code reads and changes it directly, components read it with
 * useExternalStore and re-render when it changes. The session, the ledger's selection and the last
 * import's summary are such values; this is the scaffolding useSyncExternalStore asks of each.
 */

export interface ExternalStore<T> {
  /** The current value: the same object until it changes, as useSyncExternalStore requires. */
  get: () => T;
  /** Replaces the value and calls every listener, unless `equals` says nothing changed. */
  set: (next: T) => void;
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe: (listener: () => void) => () => void;
}

export interface ExternalStoreOptions<T> {
  /**
   * Values that readers cannot tell apart: setting one while holding the other keeps the old
   * object, so components neither re-render nor see a new snapshot. Without it every set changes.
   */
  equals?: (current: T, next: T) => boolean;
  /** Called with each new value before the listeners, e.g. to keep it in browser storage. */
  onChange?: (value: T) => void;
}

export function createExternalStore<T>(initial: T, options: ExternalStoreOptions<T> = {}): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (options.equals?.(value, next)) return;
      value = next;
      options.onChange?.(next);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
