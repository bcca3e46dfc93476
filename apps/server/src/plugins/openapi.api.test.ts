import { ROUTE_LIST, ROUTE_SUMMARIES, problemResponse, validationErrorResponse } from '@mindspend/api-contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  STRONG_PASSWORD,
  TEST_DB,
  type TestApp,
  asUser,
  createTestApp,
  registerUser,
} from '../test/test-app';
import { BEARER_SCHEME, DOCS_PREFIX, OPENAPI_PATH } from './openapi';

interface Answer {
  description: string;
  content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
  responses: Record<string, Answer>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

/** The sign-in attempts the rate limit allows per minute and address in this file's app. */
const RATE_LIMIT = 5;

/** The field names of a zod object schema (through a preprocess or transform pipe), or null. */
function fieldNames(schema: unknown): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in) ?? fieldNames(schema.out);
  return null;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The document's own routes (the reference page's files) are not API routes. */
const isDocumentationRoute = (route: RouteOptions) =>
  route.url === OPENAPI_PATH || route.url.startsWith(DOCS_PREFIX) || route.schema?.hide === true;

describe(`the API document on ${TEST_DB}`, () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
      { onRoute: (route) => routes.push(route) },
    );
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    doc = response.json<OpenApiDocument>();
  });
  afterAll(() => t?.close());

  const apiRoutes = () =>
    routes
      .filter((route) => !isDocumentationRoute(route))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method })),
      )
      .filter(({ method }) => method !== 'HEAD');

  it('is OpenAPI 3.1 with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(apiRoutes().length).toBeGreaterThan(70);
  });

  it('has every registered route with its parameters, body and answers', () => {
    const problems: string[] = [];
    for (const { route, method } of apiRoutes()) {
      const name = `${method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: missing`);
        continue;
      }
      const schema = route.schema ?? {};
      const parameters = operation.parameters ?? [];
      for (const [where, declared] of [
        ['path', schema.params],
        ['query', schema.querystring],
      ] as const) {
        for (const field of fieldNames(declared) ?? []) {
          if (!parameters.some((parameter) => parameter.in === where && parameter.name === field)) {
            problems.push(`${name}: ${where} parameter ${field} missing`);
          }
        }
      }
      // Every `:name` of the URL is a documented path parameter, declared or not.
      for (const [, field] of route.url.matchAll(/:(\w+)/g)) {
        if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === field)) {
          problems.push(`${name}: path parameter ${field} undocumented`);
        }
      }
      if (schema.body) {
        const body = operation.requestBody?.content['application/json']?.schema;
        if (!body) problems.push(`${name}: body missing`);
        for (const field of fieldNames(schema.body) ?? []) {
          if (!body?.properties?.[field]) problems.push(`${name}: body field ${field} missing`);
        }
      }
      const declaredAnswers = Object.keys((schema.response ?? {}) as object);
      if (declaredAnswers.length === 0) problems.push(`${name}: declares no answer`);
      for (const status of declaredAnswers) {
        if (!operation.responses[status]) problems.push(`${name}: answer ${status} missing`);
      }
      const hooks = [route.onRequest ?? []].flat();
      const signsIn = hooks.includes(t.app.authenticate) || hooks.includes(t.app.identify);
      const marked = operation.security?.some((requirement) => BEARER_SCHEME in requirement) ?? false;
      if (signsIn !== marked)
        problems.push(`${name}: bearer scheme ${signsIn ? 'not marked' : 'marked on a public route'}`);
    }
    expect(problems).toEqual([]);
  });

  it('describes a route in full: creating a personal access token', () => {
    const operation = doc.paths['/api/user/tokens']?.post;
    expect(Object.keys(operation?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      ['name', 'scope', 'current_password'],
    );
    expect(JSON.stringify(operation?.responses['201'])).toContain('"token"');
    // A public route says so: no requirement at all.
    expect(doc.paths['/api/login']?.post?.security).toEqual([]);
    // Sign-in is optional on the contact form: a token, or none.
    expect(doc.paths['/api/contact']?.post?.security).toEqual([{ [BEARER_SCHEME]: [] }, {}]);
  });

  /** The operation of a route of the table, by its name. */
  const operationNamed = (name: string): Operation | undefined => {
    const route = ROUTE_LIST.find((entry) => entry.name === name);
    return route && doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
  };

  it('names every route from the route table, and the table holds only registered routes', () => {
    const registered = apiRoutes().map(({ route, method }) => `${method} ${route.url}`);
    const table = ROUTE_LIST.map((route) => `${route.method} ${route.path}`);
    expect(
      registered.filter((route) => !table.includes(route)),
      'registered, missing from ROUTES',
    ).toEqual([]);
    expect(
      table.filter((route) => !registered.includes(route)),
      'in ROUTES, not registered',
    ).toEqual([]);
    for (const route of ROUTE_LIST) {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, route.name).toMatchObject({ operationId: route.name, summary: ROUTE_SUMMARIES[route.name] });
    }
    expect(new Set(ROUTE_LIST.map((route) => route.name)).size).toBe(ROUTE_LIST.length);
  });

  it('names the resources as components and refers to them', () => {
    for (const name of [
      'Problem',
      'ValidationProblem',
      'Account',
      'Transaction',
      'Budget',
      'Entity',
      'Goal',
      'IncomeSource',
      'Rule',
      'Book',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const answer = (name: string, status: string) =>
      operationNamed(name)?.responses[status]?.content?.['application/json']?.schema;
    expect(answer('getAccount', '200')).toEqual({ $ref: '#/components/schemas/Account' });
    expect(answer('listAccounts', '200')?.items).toEqual({ $ref: '#/components/schemas/Account' });
    expect(answer('createGoal', '201')).toEqual({ $ref: '#/components/schemas/Goal' });
    // Every reference resolves, and every component is used (unused ones are left out).
    const text = JSON.stringify(doc);
    const referenced = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]),
    );
    expect([...referenced].filter((name) => name && !doc.components.schemas[name])).toEqual([]);
    expect(Object.keys(doc.components.schemas).filter((name) => !referenced.has(name))).toEqual([]);
  });

  it('lists the body fields the contract requires, and not those it does not', () => {
    const required = (name: string) =>
      operationNamed(name)?.requestBody?.content['application/json']?.schema.required ?? [];
    expect(required('login')).toEqual(['email', 'password']);
    expect(required('createGoal')).toEqual(['name', 'target_amount', 'target_date']);
    expect(required('createAccount')).toEqual(['name', 'account_type_id', 'most_recent_balance']);
    expect(required('createTransaction')).toEqual(['type', 'amount', 'date']);
    expect(required('changePassword')).toEqual([
      'current_password',
      'new_password',
      'new_password_confirmation',
    ]);
    // A second look alone is a whole PATCH; a paid plan's card fields are not required of a free one.
    expect(required('patchTransaction')).toEqual([]);
    expect(required('register')).toEqual(['email', 'password', 'password_confirmation']);
    expect(required('updateGoal')).toEqual([]);
  });

  it('declares the error answers each route can give', () => {
    const problems: string[] = [];
    for (const { route, method } of apiRoutes()) {
      const name = `${method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      const schema = route.schema ?? {};
      const expected: Record<string, string> = {};
      const hooks = [route.onRequest ?? []].flat();
      if (hooks.includes(t.app.authenticate)) expected['401'] = 'Problem';
      if (schema.body || schema.params || schema.querystring) expected['422'] = 'ValidationProblem';
      if (route.config?.rateLimit) expected['429'] = 'Problem';
      if (/:(?!month\b|year\b)\w+/.test(route.url)) expected['404'] = 'Problem';
      for (const [status, component] of Object.entries(expected)) {
        const ref = operation?.responses[status]?.content?.['application/json']?.schema.$ref;
        // A route's own declaration of the status (e.g. GET /metrics) stands.
        const own = (schema.response as Record<string, unknown> | undefined)?.[status] !== undefined;
        if (!own && ref !== `#/components/schemas/${component}`)
          problems.push(`${name}: ${status} ${ref ?? 'missing'}`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('answers as it declares, when a request fails', () => {
    let session: string;
    beforeAll(async () => {
      ({ token: session } = await registerUser(t.app, 'openapi-errors@example.com'));
    });

    /** The declared answer of the operation for the status, checked against the real one. */
    function expectDeclared(name: string, status: number, body: unknown) {
      const declared =
        operationNamed(name)?.responses[String(status)]?.content?.['application/json']?.schema.$ref;
      expect(declared, `${name} ${status}`).toBe(
        `#/components/schemas/${status === 422 ? 'ValidationProblem' : 'Problem'}`,
      );
      // The component's source schema, with no key beyond it.
      (status === 422 ? validationErrorResponse : problemResponse).strict().parse(body);
    }

    it('401 without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/accounts' });
      expect(response.statusCode).toBe(401);
      expectDeclared('listAccounts', 401, response.json());
    });

    it('422 with each field’s messages', async () => {
      const response = await asUser(t.app, session, { method: 'POST', url: '/api/goals', payload: {} });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(
        operationNamed('createGoal')?.requestBody?.content['application/json']?.schema.required,
      );
      expectDeclared('createGoal', 422, response.json());
    });

    it('404 for an id that is not there', async () => {
      const response = await asUser(t.app, session, { method: 'GET', url: '/api/accounts/999999' });
      expect(response.statusCode).toBe(404);
      expectDeclared('getAccount', 404, response.json());
    });

    it('403 to a read-only token that writes', async () => {
      const created = await asUser(t.app, session, {
        method: 'POST',
        url: '/api/user/tokens',
        payload: { name: 'reader', scope: 'read', current_password: STRONG_PASSWORD },
      });
      const response = await asUser(t.app, created.json<{ token: string }>().token, {
        method: 'POST',
        url: '/api/goals',
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expectDeclared('createGoal', 403, response.json());
    });

    it('400 for a body that is not JSON', async () => {
      const response = await asUser(t.app, session, {
        method: 'POST',
        url: '/api/goals',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(response.statusCode).toBe(400);
      expectDeclared('createGoal', 400, response.json());
    });

    it('429 past the rate limit', async () => {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.26.0.1',
          payload: { email: 'x@example.com', password: 'Guessing1' },
        });
      for (let n = 0; n < RATE_LIMIT; n += 1) await attempt();
      const response = await attempt();
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
      expectDeclared('login', 429, response.json());
    });
  });

  it('serves the reference page under the app’s own strict Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    // Only script files of its own, which the policy allows: no inline script it would block.
    expect(page.body).not.toMatch(/<script>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(3);
    for (const script of scripts) {
      const file = await t.app.inject({ method: 'GET', url: script });
      expect(file.statusCode, script).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: scripts[2] ?? '' });
    // The page reads the same document as /api/openapi.json.
    expect(initializer.body).toContain("resolveUrl('./json')");
    const pageDocument = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(pageDocument.json()).toEqual(doc);
  });
});
