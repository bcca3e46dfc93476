import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createExternalStore } from './external-store';
import { useExternalStore } from './use-external-store';

afterEach(cleanup);

describe('external store', () => {
  it('holds the value it was given, then each value set', () => {
    const store = createExternalStore({ count: 0 });
    expect(store.get()).toEqual({ count: 0 });
    const next = { count: 1 };
    store.set(next);
    expect(store.get()).toBe(next);
  });

  it('returns the same object between changes', () => {
    const store = createExternalStore({ count: 0 });
    expect(store.get()).toBe(store.get());
  });

  it('calls its listeners after every set until they unsubscribe', () => {
    const store = createExternalStore(0);
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set(1);
    store.set(1);
    stop();
    store.set(2);
    expect(seen).toEqual([1, 1]);
  });

  it('keeps the old object and tells nobody when `equals` says nothing changed', () => {
    const store = createExternalStore({ id: 1, label: 'a' }, { equals: (a, b) => a.id === b.id });
    const first = store.get();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ id: 1, label: 'b' });
    expect(store.get()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    store.set({ id: 2, label: 'b' });
    expect(store.get()).toEqual({ id: 2, label: 'b' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('hands each new value to onChange before the listeners run', () => {
    const calls: string[] = [];
    const store = createExternalStore(0, { onChange: (value) => calls.push(`change ${value}`) });
    store.subscribe(() => calls.push(`listener ${store.get()}`));
    store.set(3);
    expect(calls).toEqual(['change 3', 'listener 3']);
  });
});

describe('useExternalStore', () => {
  it('renders the current value and re-renders on a change', () => {
    const store = createExternalStore('first');
    const { result } = renderHook(() => useExternalStore(store));
    expect(result.current).toBe('first');
    act(() => store.set('second'));
    expect(result.current).toBe('second');
  });

  it('stops listening once the component unmounts', () => {
    const inner = createExternalStore(0);
    let listening = 0;
    const store = {
      ...inner,
      subscribe: (listener: () => void) => {
        listening += 1;
        const stop = inner.subscribe(listener);
        return () => {
          listening -= 1;
          stop();
        };
      },
    };
    const { unmount } = renderHook(() => useExternalStore(store));
    expect(listening).toBe(1);
    unmount();
    expect(listening).toBe(0);
  });
});
