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

/**
 * The dotted path of the first unclean string (or key) in a parsed JSON value, or null. Walked
 * with a stack of its own, not by recursion: a deep body must not run out of call stack (issue 28;
 * json-body.ts refuses bodies deeper than 64 levels before they get here).
 */
function firstUncleanPath(root: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isCleanText(value)) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key] of entries) if (!isCleanText(key)) return path || key;
    // Pushed last to first, so items are checked in order and the first unclean one is named.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

export default fp(async function cleanTextPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url && CHECKED_BY_OWN_SCHEMA.has(request.routeOptions.url)) return;
    for (const part of [request.params, request.query, request.body]) {
      const path = firstUncleanPath(part);
      if (path === null) continue;
      // The sentence a schema gives any malformed field (validation-messages.ts), so the answer
      // does not depend on which of the two checks saw the character first.
      const field = path || 'body';
      throw validationFailed({ [field]: [`The ${field.replace(/[_.]/g, ' ')} field is invalid.`] });
    }
  });
});
