/**
 * The API document (DECISIONS.md #38): OpenAPI 3.1 built from every route's zod schemas, served at
 * /api/openapi.json, and its reference page (Swagger UI) at /api/docs. Registered before the
 * routes, so it sees each one as it is added. What the document says beyond the zod schemas
 * (names from the route table, error answers, components, required fields) is
 * docs/API.md#the-openapi-document; `npm run lint` holds it to Redocly's recommended rules.
 * Both are built on their first request (openapi-reference.ts, DECISIONS.md #120).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { BEARER_SCHEME } from './openapi-operation';
import { DOCS_PREFIX, buildReferenceApp, isDocumented } from './openapi-reference';

export { BEARER_SCHEME, DOCS_PREFIX };
export const OPENAPI_PATH = '/api/openapi.json';

/** Headers of the reference app's answer that the app's own reply sets for itself. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export default fp(async function openapiPlugin(app: FastifyInstance, options: { version: string }) {
  const documented: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isDocumented(route)) documented.push(route);
  });

  let built: Promise<FastifyInstance> | undefined;
  const reference = (): Promise<FastifyInstance> => {
    built ??= buildReferenceApp(app, documented, options.version).catch((error: unknown) => {
      built = undefined; // the next request tries again
      throw error;
    });
    return built;
  };
  app.addHook('onClose', async () => {
    if (built) await (await built.catch(() => undefined))?.close();
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => (await reference()).swagger());

  // Swagger UI's page, files and document, answered by the reference app; the app's own hooks
  // (security headers, compression) still apply to what it sends.
  async function fromReference(request: FastifyRequest, reply: FastifyReply) {
    const answer = await (
      await reference()
    ).inject({
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      url: request.url,
      headers: request.headers,
    });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    }
    // An empty answer (a redirect) stays empty: a Buffer would be sent as application/octet-stream.
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  }
  app.get(DOCS_PREFIX, { schema: { hide: true } }, fromReference);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, fromReference);
});
