/**
 * The uploaded files of POST /api/imports/from-app read into an `AppExport` by the app's reader
 * (DECISIONS.md #98). YNAB's "Export budget" saves a zip of its Register and Plan (older: Budget)
 * CSVs; either the zip or the register CSV (with the budget CSV beside it) is accepted.
 */
import { SWITCH_APP_NEEDED, SWITCH_DATE_ORDER_ASK, SWITCH_DATE_ORDER_INVALID, SWITCH_FILE_NEEDED, switchingAppSchema } from '@mindspend/api-contract';
import {
  DATE_ORDER_ANSWERS,
  YnabDatesAmbiguousError,
  decodeStatementBytes,
  isImportError,
  readFireflyExport,
  readMintExport,
  readYnabExport,
  type AppExport,
  type DateOrderAnswer,
} from '@mindspend/domain';
import { z } from 'zod';
import { validationFailed } from '../../lib/http-errors';
import { readActualExport } from './actual-export';
import { isZip, zipEntryBytes } from './zip-entry';

export interface AppUploadFile {
  fileName: string;
  content: Buffer;
}

export interface AppUpload {
  app: string | undefined;
  file: AppUploadFile | undefined;
  /** YNAB only: the budget (plan) CSV, when the register CSV is uploaded on its own. */
  budget: AppUploadFile | undefined;
  /** YNAB only: the person's answer when the register's dates read both ways. */
  dateOrder: string | undefined;
}

/** A CSV of a YNAB zip may unpack to this much: far above a lifetime of a household's register. */
const MAX_YNAB_CSV_BYTES = 100 * 1024 * 1024;
const YNAB_ZIP = {
  maxBytes: MAX_YNAB_CSV_BYTES,
  notZip: 'This YNAB export could not be opened as a zip file.',
  tooLarge: 'This YNAB export is too large: its CSV unpacks to more than 100 MB.',
};

const text = (bytes: Uint8Array) => decodeStatementBytes(bytes).text;
const dateOrderSchema = z.enum(DATE_ORDER_ANSWERS);

function readYnab(file: AppUploadFile, budget: AppUploadFile | undefined, dateOrder: DateOrderAnswer | null): AppExport {
  if (!isZip(file.content)) return readYnabExport(text(file.content), budget ? text(budget.content) : null, dateOrder);
  const register = zipEntryBytes(file.content, {
    ...YNAB_ZIP,
    matches: (name) => / - Register\.csv$/i.test(name) || /(^|\/)Register\.csv$/i.test(name),
    missing: 'This zip holds no YNAB register: export the budget from YNAB (File \u2192 Export budget) and upload the zip it saves.',
  });
  const plan = zipEntryBytes(file.content, { ...YNAB_ZIP, matches: (name) => /(Plan|Budget)\.csv$/i.test(name), missing: '' }, true);
  return readYnabExport(text(register ?? new Uint8Array()), plan ? text(plan) : null, dateOrder);
}

/** The export, or 422 naming what is missing or what the reader could not read. */
export function readAppExport(upload: AppUpload): AppExport {
  const app = switchingAppSchema.safeParse(upload.app);
  if (!app.success) throw validationFailed({ app: [SWITCH_APP_NEEDED] });
  const { file } = upload;
  if (!file || file.content.length === 0) throw validationFailed({ file: [SWITCH_FILE_NEEDED] });
  const dateOrder = upload.dateOrder === undefined ? null : dateOrderSchema.safeParse(upload.dateOrder);
  if (dateOrder && !dateOrder.success) throw validationFailed({ date_order: [SWITCH_DATE_ORDER_INVALID] });
  try {
    switch (app.data) {
      case 'ynab':
        return readYnab(file, upload.budget, dateOrder?.data ?? null);
      case 'actual':
        return readActualExport(file.content);
      case 'firefly':
        return readFireflyExport(text(file.content));
      case 'mint':
        return readMintExport(text(file.content));
    }
  } catch (error) {
    // The person answers this one on the form (date_order), and the upload goes on.
    if (error instanceof YnabDatesAmbiguousError) throw validationFailed({ date_order: [`${error.message} ${SWITCH_DATE_ORDER_ASK}`] });
    if (isImportError(error)) throw validationFailed({ file: [error.message] });
    throw error;
  }
}
