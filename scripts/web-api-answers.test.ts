// Proves the answers the web's typed client expects (ROUTE_ANSWERS, issue 26) are the ones the
// server registers: for every route of the table, the success schema of its `response` (200, 201
// or 202) is the same JSON Schema as the contract's answer, a 204 route says 'no-content', and a
// file, stream or redirect says so. A server route whose answer changed without the contract's
// entry fails here, rather than as a refused answer in the browser.
import { ROUTE_ANSWERS, ROUTE_LIST, type RouteName } from '@mindspend/api-contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, createTestApp } from '../apps/server/src/test/test-app';

const SUCCESS = ['200', '201', '202'] as const;

/** A registered answer as JSON Schema, comparable whether or not it is the contract's own object. */
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });

/** What the route table's entry of a registered route should say of its success answer, or a problem. */
function problemOf(name: RouteName, response: Record<string, unknown>): string | null {
  const { answer } = ROUTE_ANSWERS[name];
  if ('204' in response) return answer === 'no-content' ? null : `${name}: answers 204, the contract says otherwise`;
  if ('302' in response) return answer === 'redirect' ? null : `${name}: redirects, the contract says otherwise`;
  const status = SUCCESS.find((code) => code in response);
  const registered = status === undefined ? undefined : response[status];
  if (!(registered instanceof z.ZodType)) {
    // fileResponse(): a file, text or event stream the JSON client never reads.
    return answer === 'file' || answer === 'stream' ? null : `${name}: answers no JSON, the contract expects some`;
  }
  if (typeof answer === 'string') return `${name}: answers JSON, the contract says '${answer}'`;
  if (registered === answer) return null;
  return JSON.stringify(jsonSchema(registered)) === JSON.stringify(jsonSchema(answer))
    ? null
    : `${name}: the contract's answer is not the schema the server registers for ${status}`;
}

// Builds the whole app on a fresh SQLite database: seconds on a busy 2-core machine.
describe('the contract’s answers are the server’s (ROUTE_ANSWERS)', { timeout: 60_000 }, () => {
  let t: TestApp | undefined;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
  }, 60_000);
  afterAll(() => t?.close());

  it('names the registered success answer of every route of the table', () => {
    const registered = new Map(
      routes.flatMap((route) => [route.method].flat().map((method) => [`${method} ${route.url}`, route] as const)),
    );
    const problems = ROUTE_LIST.flatMap(({ name, method, path }) => {
      const route = registered.get(`${method} ${path}`);
      if (!route) return [`${name}: ${method} ${path} is not registered`];
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      return [problemOf(name, response)].filter((problem) => problem !== null);
    });
    expect(problems).toEqual([]);
  });
});
