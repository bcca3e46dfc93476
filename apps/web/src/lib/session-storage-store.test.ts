import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStorageStore } from './session-storage-store';

const KEY = 'mindspend.test';

interface Pick {
  id: number | null;
}

const parsePick = (stored: unknown): Pick => {
  const { id } = stored as { id?: unknown };
  return { id: Number.isInteger(id) ? Number(id) : null };
};

const pickStore = () => createSessionStorageStore<Pick>({ key: KEY, empty: { id: null }, parse: parsePick });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('session storage store', () => {
  it('starts empty while nothing is stored', () => {
    expect(pickStore().get()).toEqual({ id: null });
  });

  it('starts from the stored JSON, read through parse', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: 4, extra: true }));
    expect(pickStore().get()).toEqual({ id: 4 });
  });

  it('starts empty when the stored text is not JSON or parse throws', () => {
    sessionStorage.setItem(KEY, '{not json');
    expect(pickStore().get()).toEqual({ id: null });
    sessionStorage.setItem(KEY, 'null');
    expect(pickStore().get()).toEqual({ id: null });
  });

  it('stores every new value, so the next page load finds it', () => {
    const store = pickStore();
    store.set({ id: 7 });
    expect(sessionStorage.getItem(KEY)).toBe('{"id":7}');
    expect(pickStore().get()).toEqual({ id: 7 });
  });

  it('removes the key when the value becomes null', () => {
    const store = createSessionStorageStore<Pick | null>({ key: KEY, empty: null, parse: parsePick });
    store.set({ id: 1 });
    store.set(null);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(store.get()).toBeNull();
  });

  it('neither stores nor announces a value `equals` calls unchanged', () => {
    const store = createSessionStorageStore<Pick>({ key: KEY, empty: { id: null }, parse: parsePick, equals: (a, b) => a.id === b.id });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ id: null });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps working in memory when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const store = pickStore();
    expect(store.get()).toEqual({ id: null });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ id: 2 });
    expect(store.get()).toEqual({ id: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
