import { beforeEach, describe, expect, it } from 'vitest';
import {
  TOKEN_KEY,
  clearSession,
  readNotifications,
  readToken,
  readUser,
  saveNotifications,
  saveSession,
  saveUser,
} from './storage';
import { testUser } from './test-user';

describe('session storage (DECISIONS.md #3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the token in localStorage when "Remember me" is checked', () => {
    saveSession('tok-1', testUser(), true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(readToken()).toBe('tok-1');
    expect(readUser()?.email).toBe('ada@example.com');
  });

  it('keeps the token only in sessionStorage when "Remember me" is unchecked', () => {
    saveSession('tok-2', testUser(), false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-2');
    expect(readToken()).toBe('tok-2');
  });

  it('a new sign-in replaces the session kept in the other store', () => {
    saveSession('old', testUser(), true);
    saveSession('new', testUser({ email: 'new@example.com' }), false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(readToken()).toBe('new');
    expect(readUser()?.email).toBe('new@example.com');
  });

  it('updates the user and notifications next to the token', () => {
    saveSession('tok', testUser(), false);
    saveUser(testUser({ plan: 'budget_master' }));
    saveNotifications([{ id: 1, title: 'Hi', message: 'Welcome', read_at: null, created_at: 'now' }]);
    expect(readUser()?.plan).toBe('budget_master');
    expect(readNotifications()).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('clearing forgets token, user and notifications everywhere', () => {
    saveSession('tok', testUser(), true);
    saveNotifications([]);
    clearSession();
    expect(readToken()).toBeNull();
    expect(readUser()).toBeNull();
    expect(readNotifications()).toEqual([]);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('ignores a corrupted user record instead of crashing', () => {
    saveSession('tok', testUser(), true);
    localStorage.setItem('mindspend.user', '{not json');
    expect(readUser()).toBeNull();
    expect(readToken()).toBe('tok');
  });
});
