import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, firstPaintBootScript } from './first-paint-boot';
import { TOKEN_KEY } from './storage';
import { colorSchemeManager } from './color-scheme';

const realMatchMedia = window.matchMedia;

/** Runs the exact text the build ships, with the system preferring `system`. */
function boot(system: 'light' | 'dark'): string | null {
  window.matchMedia = (query: string) => ({
    ...realMatchMedia(query),
    matches: system === 'dark' && query.includes('dark'),
  });
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  new Function(firstPaintBootScript())();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('colour scheme before the first paint', () => {
  it('follows the system when nothing was chosen on this device', () => {
    expect(boot('dark')).toBe('dark');
    expect(boot('light')).toBe('light');
  });

  it('follows the system when System was chosen', () => {
    colorSchemeManager.set('auto');
    expect(boot('dark')).toBe('dark');
    expect(boot('light')).toBe('light');
  });

  it("applies the device's Light or Dark choice whatever the system prefers", () => {
    colorSchemeManager.set('dark');
    expect(boot('light')).toBe('dark');
    colorSchemeManager.set('light');
    expect(boot('dark')).toBe('light');
  });

  it('ignores a stored value that is not a scheme', () => {
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'purple');
    expect(boot('dark')).toBe('dark');
  });
});

describe('a signed-in device before the first paint', () => {
  function session(): string | null {
    document.documentElement.removeAttribute('data-session');
    new Function(firstPaintBootScript())();
    return document.documentElement.getAttribute('data-session');
  }

  it('marks the page signed in when the session was remembered on this device', () => {
    window.localStorage.setItem(TOKEN_KEY, 'a-token');
    expect(session()).toBe('signed-in');
  });

  it('marks it signed in for a session kept only in this tab', () => {
    window.sessionStorage.setItem(TOKEN_KEY, 'a-token');
    expect(session()).toBe('signed-in');
  });

  it('leaves a signed-out visitor unmarked', () => {
    expect(session()).toBeNull();
  });
});
