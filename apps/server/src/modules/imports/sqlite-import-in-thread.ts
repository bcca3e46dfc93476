/**
 * The server's side of an import thread (sqlite-import.thread.ts, which says why it exists): starts it,
 * relays its progress in order, and resolves with its outcome once its connection is closed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ProgressListener } from '../ledger-writer';
import type { ImportThreadInput, ImportThreadMessage } from './sqlite-import.thread';
import type { ImportCounts } from './write-statement';
import type { Unreadable } from './prepare-statement';

export type ImportOutcome = { ok: true; counts: ImportCounts } | Unreadable;

/** What the Worker runs: the built file, or (tests) code that loads the TypeScript source. */
export interface ThreadScript {
  script: string;
  eval?: boolean;
}

const builtThread = fileURLToPath(new URL('./sqlite-import-thread.js', import.meta.url));

/** The built import thread beside this code (the production bundle); null when running the sources. */
export function builtImportThread(): ThreadScript | null {
  return existsSync(builtThread) ? { script: builtThread } : null;
}

/**
 * Imports in a new thread. Resolves `{ ok: false }` for a file the parser refused; rejects when
 * the database work failed, after the thread has rolled it back.
 */
export function importOffThread(script: ThreadScript, input: ImportThreadInput, onProgress: ProgressListener): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script.script, { eval: script.eval ?? false, workerData: input });
    // Each progress event is published after the one before; the outcome after all of them.
    let relay = Promise.resolve();
    let finished = false;
    worker.on('message', (message: ImportThreadMessage) => {
      if (message.kind === 'progress') {
        relay = relay.then(() => onProgress(message.progress)).catch(() => undefined);
        return;
      }
      finished = true;
      void relay.then(() => {
        if (message.kind === 'done') resolve({ ok: true, counts: message.counts });
        else if (message.kind === 'unreadable') resolve(message.unreadable);
        else reject(new Error(`import thread: ${message.error}`));
      });
    });
    worker.once('error', (error) => {
      finished = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!finished) reject(new Error(`import thread exited with code ${code} before finishing`));
    });
  });
}
