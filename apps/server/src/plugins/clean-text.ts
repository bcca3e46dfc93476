/**
 * Refuses any request whose JSON body, query or path holds a NUL or a lone UTF-16 surrogate in
 * any string (issue 12), before the route's own schema runs. The contract's `text()` says the
 * same of each text field; this guard covers the strings no text field declares (passwords,
 * e-mails, search terms), so none reaches the database or argon2 altered.
 */
import { isCleanText } from '@mindspend/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/http-errors';

/** The restore's schema checks every text of a file of up to 100 MB itself (api-contract backup.ts). */
const CHECKED_BY_OWN_SCHEMA = new Set(['/api/import-backup']);

/** The dotted path of the first unclean string in a parsed JSON value, or null. */
function firstUncleanPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUncleanPath(item, `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isCleanText(key)) return path || key;
      const found = firstUncleanPath(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

export default fp(async function cleanTextPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url && CHECKED_BY_OWN_SCHEMA.has(request.routeOptions.url)) return;
    for (const part of [request.params, request.query, request.body]) {
      const path = firstUncleanPath(part, '');
      if (path === null) continue;
      // The sentence a schema gives any malformed field (validation-messages.ts), so the answer
      // does not depend on which of the two checks saw the character first.
      const field = path || 'body';
      throw validationFailed({ [field]: [`The ${field.replace(/[_.]/g, ' ')} field is invalid.`] });
    }
  });
});
