/** Statement uploads: checks the file and the account, queues the job, reports its status. */
import { type ImportJobWire, MAX_ID, columnMappingSchema, importAnswersSchema, importConfirmSchema, importQuestionSchema, skippedLineSchema } from '@mindspend/api-contract';
import { z } from 'zod';
import {
  IMPORT_MESSAGES,
  type ImportAnswers,
  type ImportQuestion,
  candidateHeaderSignatures,
  decodeStatementBytes,
  detectStatementFormat,
  fromCents,
  isStatementFile,
  toImportAnswers,
} from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { requireAccount } from '../accounts';
import type { ImportJobQueue } from './job-queue';
import { findAnswers, findJob, findMapping, insertJob } from './imports.repo';
import { isWorkbookName, workbookAsCsv } from './workbook';

export const INVALID_FILE = IMPORT_MESSAGES.invalidFile;
export const FILE_AND_ACCOUNT_NEEDED = IMPORT_MESSAGES.fileAndAccountNeeded;

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/** Queues an uploaded statement for the account and starts processing it in the background. */
export async function queueUpload(
  deps: AppDeps,
  importQueue: ImportJobQueue,
  scope: BookScope,
  fields: { accountId: string | undefined; mapping: string | undefined; confirm: string | undefined; sheet?: string | undefined },
  file: UploadedFile | undefined,
) {
  const accountIdField = fields.accountId;
  const accountId = Number(accountIdField);
  if (!file || !accountIdField || !Number.isInteger(accountId) || accountId <= 0 || accountId > MAX_ID) {
    throw validationFailed({ file: [FILE_AND_ACCOUNT_NEEDED] });
  }
  // The name is stored with the job: PostgreSQL cannot store NUL (SQLite can), and no real file name holds one.
  if (!isStatementFile(file.fileName, file.mimeType) || file.fileName.includes('\u0000')) {
    throw validationFailed({ file: [INVALID_FILE] });
  }
  const mapping = fields.mapping === undefined ? null : readMapping(fields.mapping);
  const confirmed = fields.confirm === undefined ? {} : readConfirm(fields.confirm);
  await requireAccount(deps.db, scope, accountId);
  // The bytes become text here, in the file's own encoding (DECISIONS.md #41), and are stored so;
  // a workbook's chosen sheet becomes CSV text (workbook.ts).
  const workbook = isWorkbookName(file.fileName) ? await workbookAsCsv(file.content, fields.sheet) : null;
  const content = workbook ? workbook.text : decodeStatementBytes(file.content).text;
  if (content.includes('\u0000')) throw validationFailed({ file: [INVALID_FILE] });
  if (content.trim() === '') throw new HttpError(422, 'The file is empty.', { file: ['The file is empty.'] });

  // A CSV of a layout the person mapped before for this account is read the same way again.
  const remembered =
    mapping === null && detectStatementFormat(content) === 'csv'
      ? await findMapping(deps.db, scope.bookId, accountId, candidateHeaderSignatures(content))
      : undefined;
  // What the person answered for this account before, unless this upload answers it anew.
  const answers: ImportAnswers = { ...rememberedAnswers(await findAnswers(deps.db, scope.bookId, accountId)), ...confirmed };
  // Queued under the book's lock, so a viewer (or a member just removed) queues nothing.
  const { id } = await writeInBook(deps, scope, (trx) =>
    insertJob(trx, {
      book_id: scope.bookId,
      created_by: scope.userId,
      account_id: accountId,
      // A workbook of several sheets names the one read, for the summary the person sees.
      file_name: (workbook && workbook.sheetNames.length > 1 ? `${file.fileName} (sheet ${workbook.sheetName})` : file.fileName).slice(0, 255),
      content,
      status: 'queued',
      mapping: mapping === null ? (remembered?.mapping ?? null) : JSON.stringify(mapping),
      answers: Object.keys(answers).length === 0 ? null : JSON.stringify(answers),
      created_at: isoNow(deps.clock),
    }),
  );
  importQueue.kick();
  return getImport(deps, scope, id);
}

/** The `mapping` field: JSON of api-contract's columnMappingSchema, or 422 saying what is wrong. */
function readMapping(field: string) {
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    throw validationFailed({ mapping: ['The column mapping is not valid JSON.'] });
  }
  const parsed = columnMappingSchema.safeParse(json);
  if (!parsed.success) {
    throw validationFailed({ mapping: parsed.error.issues.map((issue) => issue.message) });
  }
  return parsed.data;
}

/** The `confirm` field: the chosen answers (api-contract importConfirmSchema), or 422 saying what is wrong. */
function readConfirm(field: string): ImportAnswers {
  const parsed = importConfirmSchema.safeParse(field);
  if (!parsed.success) throw validationFailed({ confirm: parsed.error.issues.map((issue) => issue.message) });
  return toImportAnswers(parsed.data);
}

/** Remembered rows as ImportAnswers; a row this version does not know is left out. */
function rememberedAnswers(rows: ReadonlyArray<{ question: string; answer: string }>): ImportAnswers {
  const parsed = importAnswersSchema.safeParse(Object.fromEntries(rows.map((row) => [row.question, row.answer])));
  return parsed.success ? parsed.data : {};
}

/** The question as the wire carries it: amounts in the account's currency units. */
function questionWire(question: ImportQuestion) {
  return importQuestionSchema.parse({
    ...question,
    options: question.options.map((option) => ({
      ...option,
      preview: option.preview.map(({ amountCents, ...row }) => ({ ...row, amount: fromCents(amountCents) })),
    })),
  });
}

/** The job as the import screen and the ledger's summary read it (api-contract importJobSchema). */
export async function getImport(deps: AppDeps, scope: BookScope, jobId: number): Promise<ImportJobWire> {
  const job = await findJob(deps.db, scope, jobId);
  if (!job) throw notFound('Import');
  const { skipped, columns, needs_mapping, needs_confirmation, question, notes, column_samples, has_header, ...rest } = job;
  return {
    ...rest,
    skipped: skipped ? z.array(skippedLineSchema).parse(JSON.parse(skipped)) : [],
    needs_mapping: needs_mapping === 1,
    columns: columns ? z.array(z.string()).parse(JSON.parse(columns)) : [],
    column_samples: column_samples ? z.array(z.string()).parse(JSON.parse(column_samples)) : [],
    has_header: has_header === 1,
    needs_confirmation: needs_confirmation === 1,
    question: question ? questionWire(JSON.parse(question) as ImportQuestion) : null,
    notes: notes ? z.array(z.string()).parse(JSON.parse(notes)) : [],
  };
}
