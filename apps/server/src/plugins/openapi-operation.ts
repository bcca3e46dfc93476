/**
 * What the API document says of one route beyond its zod schemas
 * (docs/API.md#the-openapi-document): its name and summary from the contract's route table
 * (`ROUTES`), its tag, how it signs in, the error answers it can give, and the body fields the
 * contract requires.
 */
import { ROUTE_LIST, ROUTE_SUMMARIES, type RouteName, type RouteSpec } from '@mindspend/api-contract';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { errorAnswers, type RouteTraits } from './openapi-errors';
import { requiredBodyFields } from './openapi-required';
import { routeManagesAccount } from './personal-tokens';

export const BEARER_SCHEME = 'bearerAuth';

const routeKey = (method: string, path: string) => `${method} ${path}`;
const ROUTE_TABLE = new Map(ROUTE_LIST.map((route) => [routeKey(route.method, route.path), route]));

/** The route table's entry of a method and Fastify path, if it has one. */
function tableEntry(method: string, path: string): (RouteSpec & { name: RouteName }) | undefined {
  return ROUTE_TABLE.get(routeKey(method, path));
}

/** The methods a route documents: Fastify's implicit HEAD of a GET is not one. */
export function documentedMethods(route: Pick<RouteOptions, 'method'>): string[] {
  return [route.method].flat().filter((method) => method !== 'HEAD');
}

/** Whether the route signs the request in: `app.authenticate` (required) or `app.identify` (optional). */
function signInOf(app: FastifyInstance, route: Pick<RouteOptions, 'onRequest'>): RouteTraits['signIn'] {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  if (hooks.includes(app.authenticate)) return 'required';
  return hooks.includes(app.identify) ? 'optional' : 'none';
}

function traitsOf(app: FastifyInstance, route: RouteOptions, method: string): RouteTraits {
  const schema: FastifySchema & { consumes?: unknown } = route.schema ?? {};
  const config = route.config ?? {};
  return {
    method,
    signIn: signInOf(app, route),
    takesJsonBody: schema.body !== undefined,
    takesInput: [schema.body, schema.params, schema.querystring, schema.consumes].some(
      (part) => part !== undefined,
    ),
    pathParams: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
    rateLimited: config.rateLimit !== undefined && config.rateLimit !== false,
    managesAccount: routeManagesAccount(config.refusesPersonalTokens, route.url),
    writesNoBookData: config.writesNoBookData === true,
  };
}

/** OpenAPI's security requirement: the bearer scheme, also optional, or none (a public route). */
function security(signIn: RouteTraits['signIn']): Record<string, string[]>[] {
  if (signIn === 'none') return [];
  return signIn === 'required' ? [{ [BEARER_SCHEME]: [] }] : [{ [BEARER_SCHEME]: [] }, {}];
}

/** The JSON Schema of a body with the contract's required fields listed. */
function withRequiredFields(body: unknown, zodBody: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('properties' in body)) return body;
  const properties = body.properties;
  if (properties === null || typeof properties !== 'object') return body;
  const required = requiredBodyFields(zodBody).filter((name) => name in properties);
  return required.length > 0 ? { ...body, required } : body;
}

/**
 * The route's transformed schema (JSON Schema, from fastify-type-provider-zod) with the rest of
 * its operation: operationId and summary, tag, security, error answers, required body fields.
 */
export function describeOperation(
  app: FastifyInstance,
  route: RouteOptions,
  schema: FastifySchema,
): FastifySchema {
  // A route answers to one method here (Fastify's implicit HEAD aside), so one name is its own.
  const method = documentedMethods(route)[0] ?? 'GET';
  const entry = tableEntry(method, route.url);
  const traits = traitsOf(app, route, method);
  // Each route is filed under its path's first segment (accounts, budgets, user…) on the reference page.
  const tag = /^\/api\/([^/]+)/.exec(route.url)?.[1] ?? 'operations';
  const declared = schema.response !== null && typeof schema.response === 'object' ? schema.response : {};
  return {
    ...(entry && { operationId: entry.name, summary: ROUTE_SUMMARIES[entry.name] }),
    tags: [tag],
    ...schema,
    ...(schema.body !== undefined && { body: withRequiredFields(schema.body, route.schema?.body) }),
    // The route's own declaration of a status wins over the derived one.
    response: { ...errorAnswers(traits), ...declared },
    security: security(traits.signIn),
  };
}
