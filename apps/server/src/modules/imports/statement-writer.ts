/**
 * The database half of an import: de-duplicate a prepared statement against the account, find or
 * create its payees, categorize and insert its rows, and mark the job completed with its counts —
 * all in ONE transaction, so a failure or a crash leaves nothing half-imported, and a crash right
 * after the commit cannot run the job again (which would report every row as a duplicate). The
 * same code runs in the server's thread (PostgreSQL, in-memory SQLite in tests) and in an import
 * thread with its own SQLite connection.
 *
 * The transaction holds the user's write lock (db/user-writes.ts), so the same file uploaded
 * several times at once is de-duplicated against the rows of the upload that went first, on any
 * number of processes; the unique (account, import key) index is the database's guarantee.
 */
import { categorizeByKeyword } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type WriteDeps, writeAsUser } from '../../db/user-writes';
import type { ImportJobRow } from '../../db/import-schema';
import type { Database } from '../../db/schema';
import { listSubcategories } from '../categories/categories.repo';
import {
  completeClaimedJob,
  entitiesByName,
  existingImportKeys,
  latestSubcategoryByEntity,
} from './imports.repo';
import type { PreparedRow } from './statement-preparation';

/** Rows per multi-row INSERT: well under SQLite's 32,766 bound parameters. */
const BATCH = 400;

/**
 * The job, and whose account the rows go to: the job's columns the writer reads. `attempts` is the
 * claim the work belongs to: a job whose lease another process took over is not this run's to
 * complete.
 */
export type ImportTarget = Pick<ImportJobRow, 'id' | 'user_id' | 'account_id' | 'attempts'>;

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

/** Called with 20 once the duplicates are known, then after each batch with up to 99. */
export type ProgressListener = (progress: number) => Promise<void> | void;

/**
 * Writes a prepared statement's new rows to the job's account and completes the job, in one
 * transaction; returns the counts. `finishedAt` reads the clock when the rows are written.
 */
export function writeStatement(
  deps: WriteDeps,
  job: ImportTarget,
  rows: PreparedRow[],
  now: string,
  onProgress: ProgressListener,
  finishedAt: () => string,
): Promise<ImportCounts> {
  const write = async (trx: Kysely<Database>) => {
    const seen = await existingImportKeys(trx, job.account_id);
    // A key seen earlier in the same file is the same transaction too (a bank repeating a FITID).
    const fresh = rows.filter((prepared) => !seen.has(prepared.key) && seen.add(prepared.key));
    await onProgress(20);
    const categorized = await insertRows(trx, job, fresh, now, onProgress);
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
      content: '',
      finished_at: finishedAt(),
    });
    if (!completed) throw new JobTakenOver(job.id);
    return counts;
  };
  // A background import waits for the user's lock as long as it takes; requests wait 10 s at most.
  return writeAsUser(deps, job.user_id, write, { lockWaitMs: 0, queue: false });
}

/**
 * Inserts payees, transactions and split lines in the caller's transaction; returns how many were
 * categorized. Bank syncs (modules/institutions) write through it too, so both imports categorize alike.
 */
export async function insertRows(
  trx: Kysely<Database>,
  job: Pick<ImportTarget, 'user_id' | 'account_id'>,
  rows: PreparedRow[],
  now: string,
  onProgress: ProgressListener,
) {
  const entityIds = await entitiesByName(trx, job.user_id);
  const missing = [
    ...new Map(rows.map((prepared) => [prepared.entityName.toLowerCase(), prepared])).values(),
  ].filter((prepared) => !entityIds.has(prepared.entityName.toLowerCase()));
  for (let start = 0; start < missing.length; start += BATCH) {
    const created = await trx
      .insertInto('entities')
      .values(
        missing.slice(start, start + BATCH).map((prepared) => ({
          user_id: job.user_id,
          name: prepared.entityName,
          name_short: prepared.entityShort,
          address_line1: null,
          address_line2: null,
          city: null,
          state: null,
          zipcode: null,
          created_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const entity of created) entityIds.set(entity.name.toLowerCase(), entity.id);
  }

  const history = await latestSubcategoryByEntity(trx, job.user_id);
  const byName = new Map(
    (await listSubcategories(trx)).map((subcategory) => [
      `${subcategory.type}|${subcategory.name}`,
      subcategory.id,
    ]),
  );
  let categorized = 0;

  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const inserted = await trx
      .insertInto('transactions')
      .values(
        batch.map((prepared) => ({
          user_id: job.user_id,
          account_id: job.account_id,
          entity_id: entityIds.get(prepared.entityName.toLowerCase()) ?? null,
          type: prepared.row.type,
          amount_cents: prepared.row.amountCents,
          date: prepared.row.date,
          description: (prepared.row.description ?? prepared.row.payee).slice(0, 255) || null,
          notes: prepared.row.memo ? prepared.row.memo.slice(0, 5000) : null,
          payment_method: null,
          purpose: null,
          emotion: null,
          pending: 0,
          import_key: prepared.key,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();

    const splits = batch.flatMap((prepared, index) => {
      const entityId = entityIds.get(prepared.entityName.toLowerCase());
      const fromHistory = entityId === undefined ? undefined : history.get(entityId);
      const keyword = categorizeByKeyword(prepared.entityName, prepared.row.type);
      const subcategoryId =
        fromHistory ?? (keyword ? byName.get(`${prepared.row.type}|${keyword}`) : undefined);
      const transactionId = inserted[index]?.id;
      if (subcategoryId === undefined || transactionId === undefined) return [];
      categorized += 1;
      return [
        {
          user_id: job.user_id,
          transaction_id: transactionId,
          subcategory_id: subcategoryId,
          amount_cents: prepared.row.amountCents,
        },
      ];
    });
    if (splits.length > 0) await trx.insertInto('transaction_splits').values(splits).execute();

    const progress = 20 + Math.round(((start + batch.length) / Math.max(rows.length, 1)) * 75);
    await onProgress(Math.min(progress, 99));
  }
  return categorized;
}
