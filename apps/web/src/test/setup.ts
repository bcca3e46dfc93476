import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authConfig } from '../lib/auth-config';
import { currentMonth } from '../lib/current-month';
import { billingConfig } from '../features/billing/api';

// findBy… and waitFor wait for what the person would see; 1 s (the library's default) was too short
// for a first render on a busy 2-core machine, where the stage runs beside the PostgreSQL API tests
// and the image build (a table not found after 1 s, found at once alone). A wait ends as soon as
// the element shows, so the longer ceiling costs nothing when things are quick.
configure({ asyncUtilTimeout: 4000 });

// DOM stubs Mantine needs under happy-dom (vitest.config.ts loads this file for the web project).
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

window.scrollTo = () => undefined;

// The values the shell reads from the server without TanStack Query (lib/server-value.ts) live as
// long as the page; each test starts without them, as tests clear the query client's cache.
afterEach(() => {
  authConfig.clear();
  billingConfig.clear();
  currentMonth.clear();
});
