/**
 * Answers a read route from the answer cache: 304 when the client already holds this exact JSON
 * (If-None-Match), gzip when the client accepts it (every browser does), plain JSON otherwise.
 */
import { localDate } from '@mindspend/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { currentUser } from '../plugins/auth';

/** Whether an Accept-Encoding header allows gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
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
 * Sends the signed-in user's answer for this request's URL, building it with `compute` (the JSON
 * text) only when the user's data changed since it was last built. Answers also depend on today's
 * date in the user's timezone (a bill turns Overdue at midnight), so the date is part of the key.
 */
export async function replyFromCache(
  deps: Pick<AppDeps, 'answers' | 'clock'>,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<string>,
): Promise<void> {
  const user = currentUser(request);
  const today = localDate(deps.clock.now(), user.timezone);
  const key = `${request.url}|${today.year}-${today.month}-${today.day}|tz${user.timezone}`;
  const answer = await deps.answers.answer(user.id, user.data_revision, key, compute);
  reply.header('etag', answer.etag).header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    reply.status(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8');
  if (answer.gzipped && acceptsGzip(request.headers['accept-encoding']))
    reply.header('content-encoding', 'gzip').send(answer.gzipped);
  else reply.send(answer.json);
}
