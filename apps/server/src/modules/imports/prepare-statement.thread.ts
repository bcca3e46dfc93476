/**
 * Worker-thread entry (built to dist/prepare-statement-thread.js): prepares the statement it is given,
 * then hands the rows over one slice per request, so the main thread takes them in small bites
 * between other work instead of in one long pause.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportAccount } from '@mindspend/domain';
import { type StatementReading, prepareStatement } from './prepare-statement';

const SLICE = 2_000;

const port = parentPort;
if (port) {
  const input = workerData as { content: string; reading: StatementReading; account: ImportAccount };
  const preparation = prepareStatement(input.content, input.reading, input.account);
  let next = 0;
  port.on('message', () => {
    if (!preparation.ok) {
      port.postMessage({ kind: 'error', unreadable: preparation });
    } else if (next >= preparation.rows.length) {
      const { rows: _rows, ok: _ok, ...facts } = preparation;
      port.postMessage({ kind: 'done', ...facts });
    } else {
      port.postMessage({ kind: 'rows', rows: preparation.rows.slice(next, next + SLICE) });
      next += SLICE;
    }
  });
}
