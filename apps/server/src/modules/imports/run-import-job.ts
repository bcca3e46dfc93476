/**
 * Processes one uploaded statement: parse, de-duplicate, find or create payees, categorize, insert
 * (write-statement.ts), then record the outcome on the job row. Every row of the file and its new
 * payees are written in ONE database transaction, so a failure or a crash leaves nothing
 * half-imported.
 */
import { columnMappingSchema, importAnswersSchema } from '@mindspend/api-contract';
import { isLiabilityAccount } from '@mindspend/domain';
import type { ImportJobRow } from '../../db/import-schema';
import { sqliteFileOf } from '../../db/connection';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import { type BookScope, accountCurrency, jobScope } from '../../db/book-scope';
import { memberChannel } from '../../lib/event-bus';
import { findUserById } from '../users';
import { findAccount } from '../accounts';
import type { ProgressListener } from '../ledger-writer';
import { type ImportOutcome, builtImportThread, importOffThread } from './sqlite-import-in-thread';
import { completeClaimedJob } from './imports.repo';
import { prepareOffThread } from './prepare-statement-in-thread';
import type { Unreadable } from './prepare-statement';
import { JobTakenOver, writeStatement } from './write-statement';

/**
 * A file the parser refused: its message names the line and is shown to the person as it is;
 * `columns` when the person can map the CSV's columns instead (DECISIONS.md #43).
 */
class UnreadableFile extends Error {
  constructor(
    message: string,
    readonly refusal: Omit<Unreadable, 'ok' | 'error'> = {},
  ) {
    super(message);
  }
}

export const PROGRESS_EVENT = 'importTransactionsProgress';

/**
 * Publishes progress 0-100 to the member who uploaded the file (DECISIONS.md #9, #84: it names the
 * account, which may be private to them). Progress is a courtesy: a lost event must not stop the
 * import, whose result the job row keeps.
 */
async function reportProgress(
  deps: AppDeps,
  job: ImportJobRow,
  data: { accountName: string; progress: number; error?: string },
) {
  if (job.created_by === null) return;
  try {
    await deps.events.publish({
      channel: memberChannel(job.book_id, job.created_by),
      event: PROGRESS_EVENT,
      data: { ...data, jobId: job.id },
    });
  } catch (error) {
    deps.logger.warn({ err: error, jobId: job.id }, 'import progress event not delivered');
  }
}

/** Processes a claimed job to completed or failed; never throws. */
export async function runImportJob(deps: AppDeps, job: ImportJobRow): Promise<void> {
  // The uploader's own account: they chose it, so nothing of it is hidden from the name read here.
  const account = await findAccount(deps.db, { bookId: job.book_id, hiddenAccountIds: [] }, job.account_id);
  const accountName = account?.name ?? 'your account';
  const card = account !== undefined && isLiabilityAccount(account.type_name, account.subtype);
  const onProgress = (progress: number) => reportProgress(deps, job, { accountName, progress });
  try {
    await onProgress(5);
    // A successful import has marked its job completed in the same transaction as its rows.
    const outcome = await importStatement(deps, job, { name: accountName, card }, onProgress);
    if (!outcome.ok) throw new UnreadableFile(outcome.error, outcome);
    // Its import.completed event may be waiting for the book's webhooks (DECISIONS.md #94).
    deps.webhooks.kick();
    await onProgress(100);
  } catch (error) {
    if (error instanceof JobTakenOver) {
      // This process was taken for dead; the process that claimed the job since reports on it.
      deps.logger.warn({ jobId: job.id }, 'import taken over by another process');
      return;
    }
    const unreadable = error instanceof UnreadableFile;
    // A refusal meant for the person, such as a day with no exchange rate (DECISIONS.md #90).
    const refused = error instanceof HttpError && error.statusCode < 500;
    const message = unreadable || refused
      ? error.message
      : 'The file could not be imported. Nothing was added; please try again.';
    if (!unreadable && !refused) deps.logger.error({ err: error, jobId: job.id }, 'import failed');
    const failed = await completeClaimedJob(deps.db, job, {
      status: 'failed',
      error: message,
      ...(unreadable && unreadableFields(error.refusal)),
      content: '',
      finished_at: isoNow(deps.clock),
    });
    if (failed) await reportProgress(deps, job, { accountName, progress: 0, error: message });
  }
}

/** What the job keeps of a refusal for the person to act on: columns to map, or a question. */
function unreadableFields({ columns, samples, hasHeader, question }: Omit<Unreadable, 'ok' | 'error'>) {
  return {
    ...(columns && { needs_mapping: 1, columns: JSON.stringify(columns), column_samples: JSON.stringify(samples ?? []), has_header: hasHeader === false ? 0 : 1 }),
    ...(question && { needs_confirmation: 1, question: JSON.stringify(question) }),
  };
}

/** The member who queued the job, acting in its book; refused once their account is gone. */
async function importerScope(deps: AppDeps, job: ImportJobRow): Promise<BookScope> {
  const importer = job.created_by === null ? undefined : await findUserById(deps.db, job.created_by);
  if (!importer) throw new UnreadableFile('The person who uploaded this file no longer has an account here.');
  return jobScope(deps.db, job.book_id, importer);
}

/**
 * A SQLite database file is imported by an import thread with a connection of its own, which
 * blocks nobody (sqlite-import.thread.ts). PostgreSQL is asynchronous, and an in-memory SQLite database
 * (tests) cannot be opened twice, so they are written from this thread, parsing off it when the
 * built prepare thread is there; so are the sources, which have no built import thread.
 */
async function importStatement(
  deps: AppDeps,
  job: ImportJobRow,
  importedTo: { name: string; card: boolean },
  onProgress: ProgressListener,
): Promise<ImportOutcome> {
  const now = isoNow(deps.clock);
  const scope = await importerScope(deps, job);
  // The file's currency must be the account's: checked with the rows, before anything is written.
  const account = { ...importedTo, currency: await accountCurrency(deps.db, job.book_id, job.account_id) };
  const target = { id: job.id, account_id: job.account_id, attempts: job.attempts, scope };
  const file = deps.dialect === 'sqlite' ? sqliteFileOf(deps.db) : undefined;
  const thread = builtImportThread();
  const reading = {
    mapping: job.mapping ? columnMappingSchema.parse(JSON.parse(job.mapping)) : null,
    answers: job.answers ? importAnswersSchema.parse(JSON.parse(job.answers)) : {},
  };
  if (file && thread)
    return importOffThread(thread, { file, job: target, content: job.content, reading, account, now }, onProgress);

  const preparation = await prepareOffThread(job.content, reading, account);
  if (!preparation.ok) return preparation;
  const onBatch = async (progress: number) => {
    await onProgress(progress);
    // SQLite runs each statement synchronously: let the event loop answer other requests.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const counts = await writeStatement(deps, target, { ...preparation, answers: reading.answers }, now, onBatch, () => isoNow(deps.clock));
  return { ok: true, counts };
}
