/**
 * Runs statement preparation in a worker thread when the built worker file is beside this code
 * (the production bundle), and in this thread otherwise (tests and development run the sources).
 */
import type { PreparedRow } from '@mindspend/domain';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportAccount } from '@mindspend/domain';
import { type Preparation, type StatementFacts, type StatementReading, type Unreadable, prepareStatement } from './prepare-statement';

type WorkerMessage =
  | { kind: 'rows'; rows: PreparedRow[] }
  | { kind: 'error'; unreadable: Unreadable }
  | ({ kind: 'done' } & StatementFacts);

const workerFile = fileURLToPath(new URL('./prepare-statement-thread.js', import.meta.url));

/** Prepares the statement for `account`, whose currency the file's must be (prepare-statement.ts). */
export function prepareOffThread(content: string, reading: StatementReading, account: ImportAccount): Promise<Preparation> {
  if (!existsSync(workerFile)) return Promise.resolve(prepareStatement(content, reading, account));
  return new Promise((resolve, reject) => {
    const rows: PreparedRow[] = [];
    const worker = new Worker(workerFile, { workerData: { content, reading, account } });
    const finish = (preparation: Preparation) => {
      resolve(preparation);
      void worker.terminate();
    };
    // Asks for one slice at a time: each answer is a separate task of this thread's event loop.
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'rows') {
        for (const row of message.rows) rows.push(row);
        setImmediate(() => worker.postMessage('next'));
      } else if (message.kind === 'error') finish(message.unreadable);
      else {
        const { kind: _kind, ...facts } = message;
        finish({ ok: true, rows, ...facts });
      }
    });
    worker.postMessage('next');
    worker.once('error', reject);
    worker.once('exit', (code) => {
      // terminate() after finishing exits with 1; before finishing, an exit is a failure.
      reject(new Error(`prepare thread exited with code ${code}`));
    });
  });
}
