/**
 * GET /events: the realtime events of the request's book, and the caller's own in it, as server-sent
 * events (DECISIONS.md #9).
 * The bearer token authenticates the stream like any call (the web client reads it with fetch), and
 * only the channel of a book the user belongs to is ever subscribed.
 */
import { fileResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { type RealtimeEvent, bookChannel, memberChannel } from '../../lib/event-bus';
import { currentBook } from '../../plugins/auth';
import { apiPath } from '../../plugins/route-paths';

/** Comment lines keep proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

export default async function eventsRoutes(app: FastifyInstance, deps: AppDeps) {
  const stream = { 200: fileResponse('text/event-stream', 'The signed-in user’s events, until the client disconnects.') };
  app.get(apiPath('streamEvents'), { onRequest: app.authenticate, schema: { response: stream } }, (request, reply) => {
    const book = currentBook(request);
    const channel = bookChannel(book.bookId);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    stream.write(`retry: 3000\n: connected to ${channel}\n\n`);

    const send = (event: RealtimeEvent) => {
      stream.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    const unsubscribeBook = deps.events.subscribe(channel, send);
    const unsubscribeMember = deps.events.subscribe(memberChannel(book.bookId, book.userId), send);
    const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribeBook();
      unsubscribeMember();
    });
  });
}
