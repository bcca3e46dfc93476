/** Download headers: the Content-Disposition of a file named for today, and zips sent as streams. */
import type { Clock } from './clock';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment; filename="mindspend-<what>-YYYY-MM-DD.<extension>"`, dated by the server's clock (UTC). */
export function datedAttachment(clock: Clock, what: string, extension: string): string {
  const today = clock.now().toISOString().slice(0, 10);
  return `attachment; filename="mindspend-${what}-${today}.${extension}"`;
}

/** Sends a zip download as it is made (backup and tax export, DECISIONS.md #113): a stream, never the whole zip in memory. */
export function sendZip(reply: FastifyReply, stream: Readable, disposition: string) {
  return reply.header('content-type', 'application/zip').header('content-disposition', disposition).send(stream);
}
