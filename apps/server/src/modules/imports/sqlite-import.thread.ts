/**
 * Worker-thread entry (built to dist/sqlite-sqlite-import.thread.js) that runs a whole import of a SQLite
 * database file: parsing, then the one transaction of write-statement.ts, on a connection of its
 * own. better-sqlite3 is synchronous, so in the server's thread each batch insert and the final
 * commit would stop every other request, and Kysely's single SQLite connection would make every
 * other query wait for the whole transaction. Here they hold up nobody: the server's connection
 * keeps reading in WAL mode, and its writes wait on timers for this one's lock
 * (db/waiting-sqlite-dialect.ts). Progress goes back as messages; the server's thread publishes it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportAccount } from '@mindspend/domain';
import { openSqliteDatabase } from '../../db/sqlite-database';
import { HttpError } from '../../lib/http-errors';
import { type StatementReading, type Unreadable, prepareStatement } from './prepare-statement';
import { type ImportCounts, type ImportTarget, writeStatement } from './write-statement';

export interface ImportThreadInput {
  /** The SQLite database file the server has open. */
  file: string;
  job: ImportTarget;
  content: string;
  /** The person's column mapping for a CSV they mapped, and their answers to its questions. */
  reading: StatementReading;
  /** The account the rows go to: its name and the currency the file's must be (DECISIONS.md #91). */
  account: ImportAccount;
  /** created_at of the new rows, from the server's clock. */
  now: string;
}

/** What the thread posts: progress any number of times, then exactly one of the others. */
export type ImportThreadMessage =
  | { kind: 'progress'; progress: number }
  | { kind: 'done'; counts: ImportCounts }
  | { kind: 'unreadable'; unreadable: Unreadable }
  | { kind: 'failed'; error: string };

/** This thread answers no requests, so SQLite may block it while the server's thread writes. */
const BUSY_TIMEOUT_MS = 5_000;

async function importStatement(
  input: ImportThreadInput,
  post: (message: ImportThreadMessage) => void,
): Promise<ImportThreadMessage> {
  const preparation = prepareStatement(input.content, input.reading, input.account);
  if (!preparation.ok) return { kind: 'unreadable', unreadable: preparation };
  const db = openSqliteDatabase(input.file, { busyTimeoutMs: BUSY_TIMEOUT_MS });
  try {
    const onProgress = (progress: number) => post({ kind: 'progress', progress });
    const counts = await writeStatement(
      { db, dialect: 'sqlite' },
      input.job,
      { ...preparation, answers: input.reading.answers },
      input.now,
      onProgress,
      () => new Date().toISOString(),
    );
    return { kind: 'done', counts };
  } catch (error) {
    // A refusal meant for the person (a day with no exchange rate, DECISIONS.md #90) crosses the
    // thread as its message; an error of its class would arrive as a bare Error.
    if (error instanceof HttpError && error.statusCode < 500) return { kind: 'unreadable', unreadable: { ok: false, error: error.message } };
    throw error;
  } finally {
    // Closed before the last message, so the server's next write never meets this connection.
    await db.destroy();
  }
}

const port = parentPort;
if (port) {
  const post = (message: ImportThreadMessage) => port.postMessage(message);
  importStatement(workerData as ImportThreadInput, post).then(post, (error: unknown) =>
    post({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
