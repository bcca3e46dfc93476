/**
 * The API document and its reference page, built on their first request (DECISIONS.md #120):
 * @fastify/swagger, its YAML writer and Swagger UI are loaded then, not by every server at start.
 * They live in a Fastify instance of their own that never listens: the app's documented routes are
 * registered on it again with their schemas, hooks and config (never their handlers), so
 * @fastify/swagger sees exactly what it saw when it was registered on the app itself.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameComponentSchemas, withoutUnusedSchemas } from './openapi-components';
import { BEARER_SCHEME, describeOperation, documentedMethods } from './openapi-operation';

export const DOCS_PREFIX = '/api/docs';

type Transform = typeof jsonSchemaTransform;

/** The route options a document needs: the handler is never called, as nothing is served. */
function described(route: RouteOptions): RouteOptions {
  return {
    method: documentedMethods(route),
    url: route.url,
    ...(route.schema && { schema: route.schema }),
    ...(route.config && { config: route.config }),
    ...(route.onRequest && { onRequest: route.onRequest }),
    handler: () => {
      throw new Error('the reference app describes routes; it does not serve them');
    },
  };
}

/** Whether a route of the app belongs in the document (Fastify's implicit HEAD of a GET does not). */
export function isDocumented(route: RouteOptions): boolean {
  return route.schema?.hide !== true && documentedMethods(route).length > 0;
}

/**
 * The reference app: `swagger()` is the document, and it serves Swagger UI under DOCS_PREFIX.
 * `app` is the real app, whose sign-in hooks tell which routes need a token.
 */
export async function buildReferenceApp(
  app: FastifyInstance,
  routes: readonly RouteOptions[],
  version: string,
): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  // Named contract schemas become components the operations refer to (openapi-components.ts).
  nameComponentSchemas();
  const reference = Fastify({ logger: false });
  // The zod schemas are only read, never compiled into validators or serializers.
  reference.setValidatorCompiler(() => () => true);
  reference.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // The zod transform turns each route's schemas into JSON Schema; describeOperation adds the
  // route table's name and summary, sign-in, error answers and required body fields.
  const transform: Transform = (input) => {
    const transformed = jsonSchemaTransform(input);
    if (transformed.schema.hide === true) return transformed;
    return { ...transformed, schema: describeOperation(app, input.route, transformed.schema) };
  };
  await reference.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mindspend API',
        version,
        description:
          'Every route of the Mindspend web app. Money is in decimal dollars. Sign in with `POST /api/login` ' +
          'for a session token, or create a personal access token in Settings (`msp_…`, read or write) for scripts; ' +
          'send either as `Authorization: Bearer <token>`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Relative: the document describes the server that serves it.
      servers: [{ url: '/', description: 'This Mindspend server' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A sign-in token from POST /api/login, or a personal access token (msp_…).',
          },
        },
      },
    },
    transform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await reference.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    // Swagger UI's own files only: no inline script, so the app's CSP (plugins/security.ts) holds.
    staticCSP: false,
  });
  for (const route of routes) reference.route(described(route));
  await reference.ready();
  return reference;
}
