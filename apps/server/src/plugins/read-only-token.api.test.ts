/**
 * Issue 28: `POST /api/transactions/import` answered a read-only personal token with 500, because
 * the route declares a 403 of its own shape (relink required) and the token check's `{ message }`
 * failed that schema. Every write route is walked here with a read-only token: each one that signs
 * in answers 403 with a sentence, whatever answers the route itself declares; none answers 500.
 */
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../test/test-app';
import { ACCOUNT_MESSAGE, READ_ONLY_MESSAGE } from './personal-tokens';

const READS: readonly string[] = ['GET', 'HEAD'];

/** True when the answer is JSON (a route may answer a file or nothing). */
const isJson = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-type']).includes('json');

/** A URL for the route's pattern: a month of 1 and a year of 2026, any other parameter 1. */
function urlOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => (name === 'year' ? '2026' : '1'));
}

describe(`a read-only personal token on every write route on ${TEST_DB}`, () => {
  let t: TestApp;
  let readToken: string;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    const { token: session } = await registerUser(t.app, 'read-only-walk@example.com');
    const created = await asUser(t.app, session, {
      method: 'POST',
      url: '/api/user/tokens',
      payload: { name: 'reader', scope: 'read', current_password: STRONG_PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(201);
    readToken = created.json<{ token: string }>().token;
  });
  afterAll(() => t?.close());

  /** Each write method of each registered route, and whether the route signs the request in. */
  function writeRoutes(): Array<{ method: HTTPMethods; url: string; signsIn: boolean }> {
    return routes.flatMap((route) => {
      const hooks = [route.onRequest ?? []].flat();
      const signsIn = hooks.includes(t.app.authenticate) || hooks.includes(t.app.identify);
      const methods = [route.method].flat().filter((method) => !READS.includes(method));
      return methods.map((method) => ({ method, url: route.url, signsIn }));
    });
  }

  it('answers 403 with a sentence on every write route that signs in, never 500', async () => {
    const signedIn = writeRoutes().filter((route) => route.signsIn);
    // The walk covers the API, not a filter that matched nothing.
    expect(signedIn.length).toBeGreaterThan(50);
    expect(signedIn.map((route) => `${route.method} ${route.url}`)).toContain(
      'POST /api/transactions/import',
    );
    const problems: string[] = [];
    for (const route of signedIn) {
      const response = await asUser(t.app, readToken, {
        method: route.method,
        url: urlOf(route.url),
        payload: {},
      });
      const body = isJson(response) ? response.json<{ message?: unknown }>() : {};
      if (
        response.statusCode !== 403 ||
        ![READ_ONLY_MESSAGE, ACCOUNT_MESSAGE].includes(String(body.message))
      ) {
        problems.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses the bank import with the read-only sentence as JSON', async () => {
    const response = await asUser(t.app, readToken, {
      method: 'POST',
      url: '/api/transactions/import',
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: READ_ONLY_MESSAGE });
  });

  /** Public writes that take no input, so `{}` is a right request: a passkey sign-in's options (DECISIONS.md #80). */
  const TAKES_NOTHING = ['POST /api/login/passkey/options'];

  it('answers the public write routes, which read no token, with a 4xx and a sentence, never 500', async () => {
    const problems: string[] = [];
    const publicWrites = writeRoutes().filter((candidate) => !candidate.signsIn);
    for (const route of publicWrites.filter((candidate) => !TAKES_NOTHING.includes(`${candidate.method} ${candidate.url}`))) {
      const response = await asUser(t.app, readToken, {
        method: route.method,
        url: urlOf(route.url),
        payload: {},
      });
      const message = isJson(response) ? response.json<{ message?: unknown }>().message : undefined;
      if (response.statusCode >= 500 || typeof message !== 'string' || message === '') {
        problems.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
