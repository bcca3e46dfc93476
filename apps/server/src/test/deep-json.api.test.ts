/**
 * Issue 28: a JSON body nested thousands of levels deep answered 500 on every route, public ones
 * included, because the guard over every string of a request walked it recursively. A body
 * deeper than MAX_JSON_DEPTH is refused with a 400 before anything walks it; one at the limit is
 * read, and a NUL at its bottom is still found.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../lib/json-depth';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from './test-app';

const arrays = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);
const objects = (depth: number, inner = '{}') => '{"a":'.repeat(depth - 1) + inner + '}'.repeat(depth - 1);

describe(`deeply nested JSON bodies on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token, userId } = await registerUser(t.app, 'deep@example.com'));
  });
  afterAll(() => t?.close());

  /** Public routes, and signed-in ones with and without a body schema of their own. */
  const routes = (): Array<{ method: InjectOptions['method']; url: string; signedIn: boolean }> => [
    { method: 'POST', url: '/api/login', signedIn: false },
    { method: 'POST', url: '/api/register', signedIn: false },
    { method: 'POST', url: '/api/contact', signedIn: false },
    { method: 'POST', url: '/api/forgot-password', signedIn: false },
    { method: 'POST', url: '/api/goals', signedIn: true },
    { method: 'PATCH', url: `/api/users/${userId}`, signedIn: true },
    { method: 'POST', url: '/api/import-backup', signedIn: true },
  ];

  function send(route: ReturnType<typeof routes>[number], payload: string) {
    const options: InjectOptions = { method: route.method, url: route.url, payload, headers: { 'content-type': 'application/json' } };
    return route.signedIn ? asUser(t.app, token, options) : t.app.inject(options);
  }

  it.each([
    ['arrays', arrays(5000)],
    ['objects', objects(5000)],
    ['arrays one level past the limit', arrays(MAX_JSON_DEPTH + 1)],
    ['objects one level past the limit', objects(MAX_JSON_DEPTH + 1)],
  ])('refuses %s nested too deep with a 400 that says so, on every route', async (_kind, payload) => {
    for (const route of routes()) {
      const response = await send(route, payload);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message: JSON_TOO_DEEP_MESSAGE });
    }
  });

  it('reads a body nested exactly to the limit, answering with the route’s own 422', async () => {
    const response = await send(routes()[0]!, objects(MAX_JSON_DEPTH));
    expect(response.statusCode, response.body).toBe(422);
  });

  it('still finds a NUL at the bottom of a body nested to the limit', async () => {
    const payload = `{"email":"deep@example.com","password":${arrays(MAX_JSON_DEPTH - 2, '"pass\\u0000word"')}}`;
    const response = await send(routes()[0]!, payload);
    expect(response.statusCode, response.body).toBe(422);
    const path = ['password', ...Array.from({ length: MAX_JSON_DEPTH - 2 }, () => '0')].join('.');
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([path]);
  });

  it('counts only real nesting: brackets inside strings are text', async () => {
    const response = await send(routes()[2]!, JSON.stringify({ reason: 'general', email: 'deep@example.com', body: '['.repeat(4000) }));
    expect(response.statusCode, response.body).toBe(201);
  });
});
