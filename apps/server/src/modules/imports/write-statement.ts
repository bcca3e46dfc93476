/**
 * The database half of an import: de-duplicate a prepared statement against the account, write
 * its rows through the ledger writer (modules/ledger-writer: payees, categories, batch inserts),
 * and mark the job completed with its counts — all in ONE transaction, so a failure or a crash
 * leaves nothing half-imported, and a crash right after the commit cannot run the job again
 * (which would report every row as a duplicate). The same code runs in the server's thread
 * (PostgreSQL, in-memory SQLite in tests) and in an import thread with its own SQLite connection.
 *
 * The transaction holds the book's write lock (db/book-scope.ts), so the same file uploaded
 * several times at once is de-duplicated against the rows of the upload that went first, on any
 * number of processes; the unique (account, import key) index is the database's guarantee.
 */
import type { Kysely } from 'kysely';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { WriteDeps } from '../../db/locked-writes';
import type { ImportJobRow } from '../../db/import-schema';
import type { Database } from '../../db/schema';
import { type ProgressListener, insertRows, knownImportKeys } from '../ledger-writer';
import { type ImportAnswers, type PreparedRow, investmentNotice, SKIPPED_LINES_SHOWN } from '@mindspend/domain';
import { withRuleOutcomes } from '../rules';
import { completeClaimedJob, rememberAnswers, rememberMapping } from './imports.repo';
import type { StatementFacts } from './prepare-statement';
import { queueWebhookEvents } from '../webhooks';
import { markBeforeNewRows, queuePushNudge } from '../push';

/**
 * The job, and whose account the rows go to: the job's columns the writer reads, and the member
 * who queued it acting in its book. `attempts` is the claim the work belongs to: a job whose lease
 * another process took over is not this run's to complete.
 */
export type ImportTarget = Pick<ImportJobRow, 'id' | 'account_id' | 'attempts'> & { scope: BookScope };

/** Thrown (and the transaction rolled back) when another process has taken the job over. */
export class JobTakenOver extends Error {
  constructor(jobId: number) {
    super(`import job ${jobId} was taken over by another process`);
  }
}

export interface ImportCounts {
  rowsRead: number;
  imported: number;
  duplicates: number;
  categorized: number;
}

/**
 * Writes a prepared statement's new rows to the job's account (through the ledger writer) and
 * completes the job, in one transaction; returns the counts. Progress is 20 once the duplicates
 * are known, then up to 99 after each batch. `finishedAt` reads the clock when the rows are
 * written.
 */
export function writeStatement(
  deps: WriteDeps,
  job: ImportTarget,
  statement: { rows: PreparedRow[]; answers: ImportAnswers } & StatementFacts,
  now: string,
  onProgress: ProgressListener,
  finishedAt: () => string,
): Promise<ImportCounts> {
  const { rows, skipped, untracked, mapping, notes, answers } = statement;
  const write = async (trx: Kysely<Database>) => {
    const seen = await knownImportKeys(
      trx,
      deps.dialect,
      { bookId: job.scope.bookId, accountId: job.account_id },
      rows.map((prepared) => prepared.key),
    );
    // A key seen earlier in the same file is the same transaction too (a bank repeating a FITID).
    const fresh = rows.filter((prepared) => !seen.has(prepared.key) && seen.add(prepared.key));
    await onProgress(20);
    // The user's rules, compiled once for the whole file, before history (DECISIONS.md #52).
    const ruled = await withRuleOutcomes(trx, job, fresh);
    const nudgeMark = await markBeforeNewRows(trx, job.scope.userId);
    const categorized = await insertRows(trx, job, ruled, now, onProgress, deps.dialect);
    const counts = {
      rowsRead: rows.length,
      imported: fresh.length,
      duplicates: rows.length - fresh.length,
      categorized,
    };
    const completed = await completeClaimedJob(trx, job, {
      status: 'completed',
      progress: 100,
      rows_read: counts.rowsRead,
      rows_imported: counts.imported,
      duplicates_skipped: counts.duplicates,
      categorized: counts.categorized,
      rows_skipped: skipped.length,
      skipped: JSON.stringify(skipped.slice(0, SKIPPED_LINES_SHOWN)),
      notice: untracked === null ? null : investmentNotice(counts.imported, untracked),
      notes: notes.length === 0 ? null : JSON.stringify(notes),
      content: '',
      finished_at: finishedAt(),
    });
    if (!completed) throw new JobTakenOver(job.id);
    // One event per statement, with its counts, not one per row (DECISIONS.md #94).
    await queueWebhookEvents(trx, [
      {
        bookId: job.scope.bookId,
        event: 'import.completed',
        accountId: job.account_id,
        now,
        data: { import_id: job.id, account_id: job.account_id, rows_read: counts.rowsRead, imported: counts.imported, duplicates_skipped: counts.duplicates, categorized: counts.categorized },
      },
    ]);
    // One "how did that feel?" for the member who imported, about the expenses without a feeling (DECISIONS.md #103).
    await queuePushNudge(trx, job.scope, nudgeMark, now);
    // The mapping that read this file reads the same bank's next export without asking.
    if (mapping)
      await rememberMapping(trx, {
        book_id: job.scope.bookId,
        account_id: job.account_id,
        header_signature: mapping.signature,
        mapping: mapping.json,
        updated_at: now,
      });
    // So are the answers that settled its questions (DECISIONS.md #95).
    await rememberAnswers(trx, { bookId: job.scope.bookId, accountId: job.account_id, answers, now });
    return counts;
  };
  // A background import waits for the book's lock as long as it takes; requests wait 10 s at most.
  return writeInBook(deps, job.scope, write, { lockWaitMs: 0, queue: false });
}
