import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_DB, type TestApp, createTestApp } from '../test/test-app';
import { BEARER_SCHEME, DOCS_PREFIX, OPENAPI_PATH } from './openapi';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

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
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
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
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
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
