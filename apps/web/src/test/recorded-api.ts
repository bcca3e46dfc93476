import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/** A request the code under test sent: `PATCH /api/users/7` and its JSON body. */
export interface RecordedCall {
  route: string;
  body: unknown;
}

export interface RecordedApi {
  /** This test's requests, in order; emptied before each test. */
  readonly calls: RecordedCall[];
  /** What every request is answered with until a test sets another (200 and `{}` by default). */
  answer: { status: number; body: unknown };
}

/**
 * Stands in for the server in a component test: every fetch is recorded and answered with
 * `api.answer`. Call it once at the top of a test file; it installs itself before each test and
 * removes itself, with the rendered tree, after.
 */
export function recordApiCalls(): RecordedApi {
  const api: RecordedApi = { calls: [], answer: { status: 200, body: {} } };
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = { status: 200, body: {} };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        api.calls.push({ route: `${init.method ?? 'GET'} ${url}`, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
        return new Response(JSON.stringify(api.answer.body), { status: api.answer.status });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return api;
}
