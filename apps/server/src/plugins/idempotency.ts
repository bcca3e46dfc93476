/**
 * Idempotent writes (issue 30; docs/DECISIONS.md #101). A signed-in write that carries an
 * `Idempotency-Key` header is answered once: the same person sending the same key again gets the
 * first answer (with `Idempotent-Replayed: true`) and nothing is written again — an installed app
 * sending what it kept offline, or a retry after an answer lost on a bad connection.
 *
 * - The first request claims the key (a row, unique per person and key: of two processes racing
 *   the same key exactly one claims it); its answer is kept when it is sent, unless the server
 *   failed (5xx), which lets the key be sent again.
 * - A key sent with another request (method, path, book or body) is refused with 422; one whose
 *   first request is still being answered gets 409 and may be sent again shortly.
 * - A claim left unanswered for a minute belonged to a process that died: it is taken over.
 * - Answers are kept 24 hours; older ones are deleted at most once a minute per process.
 * - Multipart uploads are not covered: their bodies are read by the route as a stream, so their
 *   content cannot be compared; an import is already kept once by its own keys (DECISIONS.md #42).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { HttpError, validationFailed } from '../lib/http-errors';
import { claimKey, deleteKeysBefore, findKey, releaseAbandoned, releaseKey, saveAnswer } from './idempotency.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, whose answer is kept when sent. */
    idempotencyKey: string | null;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request: send a new key with a new request.';
export const IDEMPOTENCY_KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being answered: send it again in a moment.';

const KEEP_MS = 24 * 60 * 60_000;
const ABANDONED_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;
const KEY_RULE = /^[\x21-\x7e]{1,200}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What makes two requests the same request: method, path with query, book and body. */
function requestHash(request: FastifyRequest): string {
  const book = request.headers['mindspend-book'] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${String(book)}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export default fp(async function idempotencyPlugin(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest('idempotencyKey', null);
  let lastSweep = 0;

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(request.method) || !request.user) return;
    if (String(request.headers['content-type'] ?? '').startsWith('multipart/')) return;
    const key = Array.isArray(header) ? '' : header;
    if (!KEY_RULE.test(key)) throw validationFailed({ [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_KEY_INVALID] });

    const userId = request.user.id;
    const now = deps.clock.now();
    if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now.getTime();
      await deleteKeysBefore(deps.db, new Date(now.getTime() - KEEP_MS).toISOString());
    }
    const hash = requestHash(request);
    const claim = () => claimKey(deps.db, { userId, key, requestHash: hash, now: now.toISOString() });
    if (await claim()) {
      request.idempotencyKey = key;
      return;
    }
    const row = await findKey(deps.db, userId, key);
    const expired = row !== undefined && row.created_at < new Date(now.getTime() - KEEP_MS).toISOString();
    if (expired) await releaseKey(deps.db, userId, key);
    const abandoned = !expired && (await releaseAbandoned(deps.db, userId, key, new Date(now.getTime() - ABANDONED_MS).toISOString()));
    // Gone meanwhile (its request failed), expired or abandoned: the key is free to claim again.
    if ((row === undefined || expired || abandoned) && (await claim())) {
      request.idempotencyKey = key;
      return;
    }
    if (row === undefined || row.response_status === null) throw new HttpError(409, IDEMPOTENCY_KEY_IN_FLIGHT);
    if (row.request_hash !== hash) throw validationFailed({ [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_KEY_REUSED] });
    reply.code(row.response_status).header('idempotent-replayed', 'true');
    if (row.response_body) reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(row.response_body ?? '');
  });

  // Before the answer is compressed (compress-json.ts is registered after this plugin).
  // A callback hook, not an async one: a request without a key passes on at once, adding no step
  // between a route's send and the answer going out.
  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.idempotencyKey;
    const user = request.user;
    if (key === null || !user) {
      done(null, payload);
      return;
    }
    request.idempotencyKey = null;
    const kept =
      reply.statusCode >= 500
        ? releaseKey(deps.db, user.id, key)
        : saveAnswer(deps.db, user.id, key, reply.statusCode, typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '');
    kept.then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
});
