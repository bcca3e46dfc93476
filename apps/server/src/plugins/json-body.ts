/**
 * The JSON body parser (issue 28): Fastify's own, after a check of the raw text's nesting, so a
 * body deeper than MAX_JSON_DEPTH answers 400 before JSON.parse, the clean-text guard or any
 * schema walks it. Every route that reads JSON goes through here, public ones included.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth';
import { HttpError } from '../lib/http-errors';

export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  // Fastify's parser keeps its protection against `__proto__` and `constructor` keys.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
});
