/**
 * The API document (DECISIONS.md #38): OpenAPI 3.1 built from every route's zod schemas, served at
 * /api/openapi.json, and its reference page (Swagger UI) at /api/docs. Registered before the
 * routes, so @fastify/swagger sees each one as it is added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
export const BEARER_SCHEME = 'bearerAuth';

type Transform = typeof jsonSchemaTransform;

/** True when a route signs the request in (`app.authenticate` or `app.identify` among its onRequest hooks). */
function signsIn(app: FastifyInstance, onRequest: unknown): boolean {
  const hooks = (Array.isArray(onRequest) ? onRequest : [onRequest]) as onRequestHookHandler[];
  return hooks.some((hook) => hook === app.authenticate || hook === app.identify);
}

export default fp(async function openapiPlugin(app: FastifyInstance, options: { version: string }) {
  // The zod transform turns each route's schemas into JSON Schema; routes that sign in are marked
  // with the bearer scheme (sign-in or personal access token).
  // Each route is filed under its path's first segment (accounts, budgets, user…) on the reference page.
  const transform: Transform = (input) => {
    const transformed = jsonSchemaTransform(input);
    const tag = /^\/api\/([^/]+)/.exec(input.url)?.[1] ?? 'operations';
    const schema = { tags: [tag], ...transformed.schema };
    if (!signsIn(app, input.route.onRequest)) return { ...transformed, schema };
    return { ...transformed, schema: { ...schema, security: [{ [BEARER_SCHEME]: [] }] } };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mindspend API',
        version: options.version,
        description:
          'Every route of the Mindspend web app. Money is in decimal dollars. Sign in with `POST /api/login` ' +
          'for a session token, or create a personal access token in Settings (`msp_…`, read or write) for scripts; ' +
          'send either as `Authorization: Bearer <token>`.',
      },
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
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    // Swagger UI's own files only: no inline script, so the app's CSP (plugins/security.ts) holds.
    staticCSP: false,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
});
