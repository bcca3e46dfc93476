/**
 * Answers a read route from the answer cache: 304 when the client already holds this exact JSON
 * (If-None-Match), brotli or gzip when the client accepts it (every browser does), plain JSON
 * otherwise. It lives among the plugins because it reads the signed-in user the auth plugin put
 * on the request; lib/ stays free of anything built on Fastify's request lifecycle.
 */
import { type LocalDate, localDateIn } from '@mindspend/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { ContentCoding } from '../lib/answer-cache';
import { currentBook, currentUser } from './auth';

/** Whether an Accept-Encoding header allows a content coding (a `q=0` refuses it). */
export function accepts(header: string | undefined, coding: ContentCoding): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== coding && name?.trim() !== '*') return false;
    const quality = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    return quality === undefined || Number(quality) > 0;
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * What names an answer: the route with its parsed params and query, not the raw URL, so
 * `/month/01` and `/month/1`, or a query with unknown extra fields, share one answer instead of
 * filling the cache with copies; and the user's local date, on which statuses depend.
 */
export function answerKey(
  request: { routeOptions: { url?: string | undefined }; params: unknown; query: unknown },
  today: LocalDate,
  timeZone: string,
): string {
  const route = `${request.routeOptions.url}|${JSON.stringify(request.params)}|${JSON.stringify(request.query)}`;
  return `${route}|${today.year}-${today.month}-${today.day}|tz${timeZone}`;
}

/**
 * Sends the signed-in user's answer for this request, building it with `compute` (the JSON
 * text) only when the book's data changed since it was last built. Answers also depend on today's
 * date in the user's time zone (a bill turns Overdue at midnight), so the date is part of the key.
 */
export async function replyFromCache(
  deps: Pick<AppDeps, 'answers' | 'clock'>,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<string>,
): Promise<void> {
  const user = currentUser(request);
  const book = currentBook(request);
  // Keyed by the person too: what a member sees of a shared book is theirs (their feelings).
  const key = `u${user.id}|${answerKey(request, localDateIn(user.time_zone, deps.clock.now()), user.time_zone)}`;
  const acceptEncoding = request.headers['accept-encoding'];
  const coding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : null;
  const answer = await deps.answers.answer(book.bookId, book.dataRevision, key, compute, coding);
  reply.header('etag', answer.etag).header('vary', 'Accept-Encoding');
  // Awaited (a reply is a thenable that settles once the answer went out): an async handler that
  // resolves while the onSend hooks still run would make Fastify send a second time.
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    await reply.status(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8');
  const encoded = coding && answer.encoded(coding);
  if (coding && encoded) await reply.header('content-encoding', coding).send(await encoded);
  else await reply.send(answer.json);
}
