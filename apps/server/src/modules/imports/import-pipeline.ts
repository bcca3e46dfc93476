/**
 * Processes one uploaded statement: parse, de-duplicate, find or create payees, categorize, insert.
 * Every row of the file, the new payees and the job's final status are written in ONE database
 * transaction, so a failure or a crash leaves nothing half-imported.
 */
import { categorizeByKeyword } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { ImportJobRow } from '../../db/import-schema';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { userChannel } from '../../lib/event-bus';
import { listSubcategories } from '../categories/categories.repo';
import { entitiesByName, existingImportKeys, latestSubcategoryByEntity, updateJob } from './imports.repo';
import { prepareOffThread } from './prepare-off-thread';
import type { PreparedRow } from './statement-preparation';

/** A file the parser refused: its message names the line and is shown to the person as it is. */
class UnreadableFile extends Error {}

/** Rows per multi-row INSERT: well under SQLite's 32,766 bound parameters. */
const BATCH = 400;

export const PROGRESS_EVENT = 'importTransactionsProgress';


/**
 * Publishes progress 0-100 on the user's channel (DECISIONS.md #9). Progress is a courtesy: a lost
 * event must not stop the import, whose result the job row keeps.
 */
async function reportProgress(deps: AppDeps, job: ImportJobRow, data: { accountName: string; progress: number; error?: string }) {
  try {
    await deps.events.publish({ channel: userChannel(job.user_id), event: PROGRESS_EVENT, data: { ...data, jobId: job.id } });
  } catch (error) {
    deps.logger.warn({ err: error, jobId: job.id }, 'import progress event not delivered');
  }
}

/** Processes a claimed job to completed or failed; never throws. */
export async function runImportJob(deps: AppDeps, job: ImportJobRow): Promise<void> {
  const account = await deps.db.selectFrom('accounts').select('name').where('id', '=', job.account_id).executeTakeFirst();
  const accountName = account?.name ?? 'your account';
  try {
    await reportProgress(deps, job, { accountName, progress: 5 });
    const preparation = await prepareOffThread(job.content);
    if (!preparation.ok) throw new UnreadableFile(preparation.error);
    const seen = await existingImportKeys(deps.db, job.account_id);
    const fresh = preparation.rows.filter((prepared) => !seen.has(prepared.key));
    await reportProgress(deps, job, { accountName, progress: 20 });
    const categorized = await deps.db.transaction().execute((trx) => insertRows(deps, trx, job, fresh, accountName));
    await updateJob(deps.db, job.id, {
      status: 'completed',
      progress: 100,
      rows_read: preparation.rows.length,
      rows_imported: fresh.length,
      duplicates_skipped: preparation.rows.length - fresh.length,
      categorized,
      content: '',
      finished_at: isoNow(deps.clock),
    });
    await reportProgress(deps, job, { accountName, progress: 100 });
  } catch (error) {
    const unreadable = error instanceof UnreadableFile;
    const message = unreadable ? error.message : 'The file could not be imported. Nothing was added; please try again.';
    if (!unreadable) deps.logger.error({ err: error, jobId: job.id }, 'import failed');
    await updateJob(deps.db, job.id, { status: 'failed', error: message, content: '', finished_at: isoNow(deps.clock) });
    await reportProgress(deps, job, { accountName, progress: 0, error: message });
  }
}

/** Inserts payees, transactions and split lines in the caller's transaction; returns how many were categorized. */
async function insertRows(deps: AppDeps, trx: Kysely<Database>, job: ImportJobRow, rows: PreparedRow[], accountName: string) {
  const now = isoNow(deps.clock);
  const entityIds = await entitiesByName(trx, job.user_id);
  const missing = [...new Map(rows.map((prepared) => [prepared.entityName.toLowerCase(), prepared])).values()].filter(
    (prepared) => !entityIds.has(prepared.entityName.toLowerCase()),
  );
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
  const byName = new Map((await listSubcategories(trx)).map((subcategory) => [`${subcategory.type}|${subcategory.name}`, subcategory.id]));
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
      const subcategoryId = fromHistory ?? (keyword ? byName.get(`${prepared.row.type}|${keyword}`) : undefined);
      const transactionId = inserted[index]?.id;
      if (subcategoryId === undefined || transactionId === undefined) return [];
      categorized += 1;
      return [{ user_id: job.user_id, transaction_id: transactionId, subcategory_id: subcategoryId, amount_cents: prepared.row.amountCents }];
    });
    if (splits.length > 0) await trx.insertInto('transaction_splits').values(splits).execute();

    const progress = 20 + Math.round(((start + batch.length) / Math.max(rows.length, 1)) * 75);
    await reportProgress(deps, job, { accountName, progress: Math.min(progress, 99) });
    // SQLite runs each statement synchronously: let the event loop answer other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return categorized;
}
