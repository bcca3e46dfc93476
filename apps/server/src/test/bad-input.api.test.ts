/**
 * Bad input never breaks the server: malformed JSON, wrong shapes, huge bodies and long strings
 * get a 4xx with a message a person can read, never a 500. fast-check throws generated bodies at
 * every route of the foundation.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawBody, bodiesFor, expectClearAnswer, jsonBody } from './fuzz';
import { STRONG_PASSWORD, TEST_DB, type TestApp, createTestApp, registerUser } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  /** `:id` is replaced by the signed-in user's id. */
  url: string;
  fields: string[];
  signedIn: boolean;
}

/** Every route of the foundation, with the body fields it reads. */
const ROUTES: Route[] = [
  { method: 'POST', url: '/api/login', fields: ['email', 'password'], signedIn: false },
  {
    method: 'POST',
    url: '/api/register',
    fields: [
      'plan', 'promo', 'code', 'email', 'password', 'password_confirmation', 'timezone', 'time_zone', 'first_name',
      'last_name', 'card_number', 'card_csc', 'card_expiration', 'postal', 'stripe_token',
    ],
    signedIn: false,
  },
  { method: 'POST', url: '/api/logout', fields: [], signedIn: false },
  { method: 'POST', url: '/api/forgot-password', fields: ['email'], signedIn: false },
  { method: 'POST', url: '/api/reset-password', fields: ['email', 'password', 'password_confirmation', 'token'], signedIn: false },
  {
    method: 'POST',
    url: '/api/users/change-password',
    fields: ['current_password', 'new_password', 'new_password_confirmation'],
    signedIn: true,
  },
  { method: 'POST', url: '/api/contact', fields: ['reason', 'body', 'email'], signedIn: false },
  {
    method: 'POST',
    url: '/api/subscription',
    fields: ['promo', 'code', 'first_name', 'last_name', 'card_number', 'card_csc', 'card_expiration', 'postal', 'stripe_token'],
    signedIn: true,
  },
  { method: 'PATCH', url: '/api/users/:id', fields: ['email', 'first_name', 'last_name', 'timezone', 'time_zone'], signedIn: true },
  { method: 'DELETE', url: '/api/users/999999', fields: [], signedIn: true },
  { method: 'DELETE', url: '/api/subscription', fields: [], signedIn: true },
  { method: 'GET', url: '/api/user', fields: [], signedIn: true },
  { method: 'GET', url: '/api/month', fields: [], signedIn: true },
  { method: 'GET', url: '/api/notifications', fields: [], signedIn: true },
  { method: 'POST', url: '/api/notifications/read', fields: ['up_to_id'], signedIn: true },
  { method: 'GET', url: '/api/subscription', fields: [], signedIn: true },
  { method: 'GET', url: '/api/institutions', fields: [], signedIn: true },
  { method: 'GET', url: '/api/health', fields: [], signedIn: false },
  { method: 'GET', url: '/api/billing/config', fields: [], signedIn: false },
];

/** The routes that read a JSON body. */
const BODY_ROUTES = ROUTES.filter((route) => route.fields.length > 0);

describe(`bad input on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token, userId } = await registerUser(t.app, 'fuzz@example.com'));
  });
  afterAll(() => t?.close());

  function request(route: Route, body?: RawBody, overrides: Partial<InjectOptions> = {}) {
    const headers: Record<string, string> = {};
    if (route.signedIn) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = body.contentType;
    return t.app.inject({
      method: route.method,
      url: route.url.replace(':id', String(userId)),
      headers,
      ...(body && { payload: body.payload }),
      ...overrides,
    });
  }

  describe('generated bodies (fast-check)', () => {
    it.each(ROUTES)('$method $url never answers 5xx and explains every 4xx', async (route) => {
      await fc.assert(
        fc.asyncProperty(bodiesFor(route), async (body) => {
          const response = await request(route, route.method === 'GET' ? undefined : body);
          expectClearAnswer(response, `${route.method} ${route.url} ${body.contentType} ${body.payload.slice(0, 200)}`);
        }),
        { numRuns: 60 },
      );
    });

    it('answers any id in /users/{id} with a 4xx, never a 5xx', async () => {
      const anyId = fc.oneof(
        fc.string({ minLength: 1 }),
        fc.integer().map(String),
        fc.bigInt().map(String),
        fc.double().map(String),
        // 2^31 and up, and NUL: PostgreSQL refuses both where SQLite does not, so both must stop at the contract.
        fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', ' 7', 'NaN', 'Infinity', '2147483648', '1000000000000000', '99999999999999999999999', '\u0000', '7\u0000'),
      );
      await fc.assert(
        fc.asyncProperty(anyId, fc.constantFrom<Method>('PATCH', 'DELETE'), async (id, method) => {
          fc.pre(id !== String(userId));
          const response = await t.app.inject({
            method,
            url: `/api/users/${encodeURIComponent(id)}`,
            headers: { authorization: `Bearer ${token}` },
            ...(method === 'PATCH' && { payload: { first_name: 'Fuzz' } }),
          });
          expectClearAnswer(response, `${method} /users/${id}`);
          expect(response.statusCode).not.toBe(200);
        }),
        { numRuns: 80 },
      );
    });

    it('answers any Authorization header on a signed-in route with 401', async () => {
      const header = fc.oneof(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
        fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 700 }).map((s) => `Bearer ${s}`),
      );
      await fc.assert(
        fc.asyncProperty(header, async (authorization) => {
          const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
          expect(response.statusCode, authorization).toBe(401);
          expect(response.json()).toEqual({ message: 'Unauthenticated.' });
        }),
        { numRuns: 60 },
      );
    });

    it('still knows the fuzzed user afterwards: nothing changed their password', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'fuzz@example.com', password: STRONG_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('malformed requests', () => {
    it.each(BODY_ROUTES)('$method $url answers bad JSON with 400 "The request body is not valid JSON."', async (route) => {
      for (const payload of ['{"email": ', '{email: "a"}', "{'a': 1}", '[1, 2', 'undefined', '{"a":1}}']) {
        const response = await request(route, { payload, contentType: 'application/json' });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json(), payload).toEqual({ message: 'The request body is not valid JSON.' });
      }
    });

    it.each(BODY_ROUTES)('$method $url answers a JSON body that is not an object with 422', async (route) => {
      for (const value of [null, [], [{ email: 'a@b.co' }], 'email', 42, true]) {
        const response = await request(route, jsonBody(value));
        expect(response.statusCode, JSON.stringify(value)).toBe(422);
        expect(response.json(), JSON.stringify(value)).toEqual({
          message: 'The request body must be a JSON object.',
          errors: { body: ['The request body must be a JSON object.'] },
        });
      }
    });

    it.each(BODY_ROUTES)('$method $url answers a missing body with a 4xx that says what to send', async (route) => {
      const none = await request(route);
      expectClearAnswer(none, 'no body');
      expect(none.statusCode).toBe(422);
      const empty = await request(route, { payload: '', contentType: 'application/json' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'The request body is empty; send a JSON object.' });
    });

    it.each(BODY_ROUTES)('$method $url answers a form-encoded body with 415 "Send the request body as JSON."', async (route) => {
      const response = await request(route, { payload: 'email=a%40b.co', contentType: 'application/x-www-form-urlencoded' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Send the request body as JSON.' });
    });

    it.each(BODY_ROUTES)('$method $url names each field sent with the wrong type', async (route) => {
      const body = Object.fromEntries(route.fields.map((field) => [field, { nested: ['object'] }]));
      const response = await request(route, jsonBody(body));
      expect(response.statusCode).toBe(422);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      for (const field of route.fields) {
        expect(errors[field]?.[0], field).toMatch(new RegExp(`^The (selected )?${field.replace(/_/g, ' ')} (field )?(must be|is invalid)`));
      }
    });

    it.each(BODY_ROUTES)('$method $url refuses a 10 MB body with 413', async (route) => {
      const payload = JSON.stringify({ [route.fields[0] ?? 'x']: 'x'.repeat(10 * 1024 * 1024) });
      const response = await request(route, { payload, contentType: 'application/json' });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The request body is too large.' });
    });

    it.each(BODY_ROUTES.flatMap((route) => route.fields.filter((field) => !['promo', 'timezone', 'plan', 'reason', 'up_to_id'].includes(field)).map((field) => ({ ...route, field }))))(
      '$method $url refuses 100,000 characters in $field with a 422 naming it',
      async (route) => {
        const response = await request(route, jsonBody({ [route.field]: 'é'.repeat(100_000) }));
        expect(response.statusCode).toBe(422);
        const errors = response.json<{ errors: Record<string, string[]> }>().errors;
        expect(errors[route.field]?.[0]).toMatch(new RegExp(`^The ${route.field.replace(/_/g, ' ')} field must not be greater than \\d+ characters\\.$`));
      },
    );

    it('refuses non-numeric, zero, negative and huge ids in /users/{id} with 422 naming the id', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${id}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { first_name: 'X' },
        });
        expect(response.statusCode, id).toBe(422);
        expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors), id).toEqual(['id']);
      }
    });

    it('refuses the NUL character in text fields with a 422 naming the field (PostgreSQL cannot store it)', async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['/api/login', { email: 'fuzz\u0000@example.com', password: STRONG_PASSWORD }, 'email'],
        ['/api/login', { email: 'fuzz@example.com', password: 'x\u0000' }, 'password'],
        ['/api/forgot-password', { email: 'fuzz\u0000@example.com' }, 'email'],
        ['/api/reset-password', { email: 'fuzz@example.com', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD, token: '\u0000' }, 'token'],
        ['/api/register', { email: 'nul\u0000@example.com', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD }, 'email'],
        ['/api/contact', { reason: 'general', body: 'hello\u0000world', email: 'nul@example.com' }, 'body'],
      ];
      for (const [url, payload, field] of cases) {
        const response = await t.app.inject({ method: 'POST', url, payload });
        expectClearAnswer(response, url);
        expect(response.statusCode, url).toBe(422);
        expect(response.json<{ errors: Record<string, string[]> }>().errors[field], url).toEqual([
          `The ${field} field is invalid.`,
        ]);
      }
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${userId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { first_name: 'A\u0000' },
      });
      expect(patch.statusCode).toBe(422);
      expect(patch.json<{ errors: Record<string, string[]> }>().errors).toEqual({ first_name: ['The first name field is invalid.'] });
    });
  });

  describe('headers and unknown routes', () => {
    it('sends the security headers with a strict Content-Security-Policy', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: TEST_DB, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it.each(['GET', 'POST', 'DELETE'] as const)('answers %s on an unknown API path with 404 JSON, not the web app', async (method) => {
      for (const url of ['/api/xyz', '/api/users', '/api', '/api/../api/xyz']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(response.json(), url).toEqual({ message: 'Not found.' });
      }
    });
  });
});
