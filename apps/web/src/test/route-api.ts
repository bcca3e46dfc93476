import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../lib/query-client';
import type { RecordedCall } from './recorded-api';

export interface RoutedApi {
  /** This test's requests other than GETs, in order; emptied before each test. */
  readonly sent: RecordedCall[];
  /** What a request is answered with, by `METHOD /path`; anything else is a 500. */
  answers: Record<string, { status?: number; body: unknown }>;
}

/**
 * Stands in for the server when a screen reads several routes: each `METHOD /path` has its own
 * answer, and what the screen writes is recorded. Call it once at the top of a test file.
 */
export function routeApiCalls(): RoutedApi {
  const api: RoutedApi = { sent: [], answers: {} };
  beforeEach(() => {
    api.sent.length = 0;
    api.answers = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const route = `${init.method ?? 'GET'} ${url}`;
        if (init.method !== undefined && init.method !== 'GET') {
          api.sent.push({ route, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
        }
        const answer = api.answers[route];
        if (!answer) return new Response(JSON.stringify({ message: `no answer for ${route}` }), { status: 500 });
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
  return api;
}
