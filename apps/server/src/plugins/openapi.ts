/**
 * The API document (DECISIONS.md #38): OpenAPI 3.1 built from every route's zod schemas, served at
 * /api/openapi.json, and its reference page (Swagger UI) at /api/docs. Registered before the
 * routes, so @fastify/swagger sees each one as it is added. What it says beyond the zod schemas
 * (names from the route table, error answers, components, required fields) is
 * docs/API.md#the-openapi-document; `npm run lint` holds it to Redocly's recommended rules.
 */
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameComponentSchemas, withoutUnusedSchemas } from './openapi-components';
import { BEARER_SCHEME, describeOperation } from './openapi-operation';

export { BEARER_SCHEME };
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

type Transform = typeof jsonSchemaTransform;

export default fp(async function openapiPlugin(app: FastifyInstance, options: { version: string }) {
  // Named contract schemas become components the operations refer to (openapi-components.ts).
  nameComponentSchemas();
  // The zod transform turns each route's schemas into JSON Schema; describeOperation adds the
  // route table's name and summary, sign-in, error answers and required body fields.
  const transform: Transform = (input) => {
    const transformed = jsonSchemaTransform(input);
    if (transformed.schema.hide === true) return transformed;
    return { ...transformed, schema: describeOperation(app, input.route, transformed.schema) };
  };
  const transformObject: SwaggerTransformObject = (document) =>
    withoutUnusedSchemas(jsonSchemaTransformObject(document));

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
    transformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    // Swagger UI's own files only: no inline script, so the app's CSP (plugins/security.ts) holds.
    staticCSP: false,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
});
