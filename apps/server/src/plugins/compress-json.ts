/**
 * Compresses every JSON answer of 1 KB or more that is not compressed already, when the client
 * accepts it (issue 29): the answer cache compresses the heavy month routes once per data change
 * (plugins/cached-reply.ts), but answers built on each request (the payee list, the second look,
 * reports' CSV-free JSON) went out as they were, at tens of kilobytes. Brotli at a low quality
 * costs about what gzip does and is smaller; gzip for clients without it.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accepts } from './cached-reply';

/** Smaller answers fit in a packet or two: compressing them saves nothing a person would notice. */
export const COMPRESS_FROM_BYTES = 1024;
/** Quality 4 of 11: a dynamic answer is compressed once per request, so speed matters more than the last percent. */
const BROTLI_QUALITY = 4;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export default fp(async function compressJsonPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
    const header = request.headers['accept-encoding'];
    const coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null;
    if (!coding) return payload;
    const body =
      coding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzipped(payload);
    reply.header('content-encoding', coding).header('vary', 'Accept-Encoding').removeHeader('content-length');
    return body;
  });
});
