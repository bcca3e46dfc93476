/**
 * Reading a photographed receipt (issue 33; DECISIONS.md #108). The photo is checked and prepared
 * in the request (a bad one is refused before anything is written), a read row is written in the
 * book, and the worker pool reads the text while the request waits up to `waitMs`: most receipts
 * are answered at once (200); a slower read answers 202 with its id, and the row the read fills in
 * answers `GET /receipts/{id}` on any process. The photo is never kept.
 */
import {
  RECEIPT_FILE_NEEDED,
  RECEIPT_READ_FAILED,
  RECEIPT_READ_STOPPED,
  RECEIPT_READS_BUSY,
  type ReceiptRead,
} from '@mindspend/api-contract';
import { RECEIPT_DAY_TOLERANCE, isoDate, localDateIn, rankReceiptMatches, readReceiptText, shiftDay } from '@mindspend/domain';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { ReceiptReadRow } from '../../db/receipt-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import type { OcrPool } from './ocr-pool';
import { preparedReceiptImage } from './receipt-image';
import { presentReceiptRead } from './receipts.presenter';
import { type ReadOutcome, deleteOldReceiptReads, findReceiptRead, finishReceiptRead, insertReceiptRead, purchasesBetween } from './receipts.repo';

/** What the receipts routes are given besides the app's deps. */
export interface ReceiptReader {
  pool: OcrPool;
  /** How long a request waits for its read before answering 202 (DECISIONS.md #108). */
  waitMs: number;
}

/** A read still `reading` this long after it began belongs to a process that stopped. */
const READ_STOPPED_AFTER_MS = 2 * 60 * 1000;
/** Reads are kept this long: the capture screen asks within seconds. */
const READS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface ReceiptAnswer {
  status: 200 | 202;
  read: ReceiptRead;
}

export async function readReceipt(deps: AppDeps, reader: ReceiptReader, scope: BookScope, content: Buffer | undefined): Promise<ReceiptAnswer> {
  if (content === undefined) throw validationFailed({ file: [RECEIPT_FILE_NEEDED] });
  const image = await preparedReceiptImage(content);
  if (!reader.pool.hasRoom()) throw new HttpError(503, RECEIPT_READS_BUSY);
  const now = deps.clock.now();
  const id = await writeInBook(deps, scope, async (trx) => {
    await deleteOldReceiptReads(trx, scope, new Date(now.getTime() - READS_KEPT_MS).toISOString());
    return insertReceiptRead(trx, scope, now.toISOString());
  });
  const reading = readAndRecord(deps, reader.pool, id, image);
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([reading.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), reader.waitMs)))]);
  clearTimeout(timer);
  const read = await receiptRead(deps, scope, id);
  return { status: waited && read.status !== 'reading' ? 200 : 202, read };
}

/** Reads the image and writes what it found; never rejects (a failure is written as the outcome). */
async function readAndRecord(deps: AppDeps, pool: OcrPool, id: number, image: Buffer): Promise<void> {
  let outcome: ReadOutcome;
  try {
    const found = readReceiptText(await pool.read(image));
    outcome = { status: 'done', amountCents: found.amountCents, date: found.date, dateCandidates: found.dateCandidates, merchant: found.merchant, error: null };
  } catch (error) {
    deps.logger.warn({ err: error, receiptRead: id }, 'receipt read failed');
    outcome = { status: 'failed', amountCents: null, date: null, dateCandidates: [], merchant: null, error: RECEIPT_READ_FAILED };
  }
  try {
    await finishReceiptRead(deps.db, id, outcome, isoNow(deps.clock));
  } catch (error) {
    deps.logger.error({ err: error, receiptRead: id }, 'receipt read not recorded');
  }
}

/** GET /receipts/{id}: the person's read in this book, with the purchases it may be. */
export async function receiptRead(deps: AppDeps, scope: BookScope, id: number): Promise<ReceiptRead> {
  const row = await findReceiptRead(deps.db, scope, id);
  if (!row) throw notFound('Receipt');
  if (row.status === 'reading' && deps.clock.now().getTime() - Date.parse(row.created_at) > READ_STOPPED_AFTER_MS) {
    return presentReceiptRead({ ...row, status: 'failed', error: RECEIPT_READ_STOPPED }, []);
  }
  if (row.status !== 'done') return presentReceiptRead(row, []);
  return presentReceiptRead(row, await matchesOf(deps, scope, row));
}

/** The days a read's purchase may be of: those printed, or the day it was photographed. */
function daysOf(scope: BookScope, row: ReceiptReadRow): string[] {
  const printed = row.date_candidates === '' ? [] : row.date_candidates.split(',');
  return printed.length > 0 ? printed : [isoDate(localDateIn(scope.timeZone, new Date(row.created_at)))];
}

async function matchesOf(deps: AppDeps, scope: BookScope, row: ReceiptReadRow) {
  if (row.amount_cents === null) return [];
  const days = daysOf(scope, row).sort();
  const from = shiftDay(days[0] ?? '', -RECEIPT_DAY_TOLERANCE);
  const to = shiftDay(days[days.length - 1] ?? '', RECEIPT_DAY_TOLERANCE);
  const purchases = await purchasesBetween(deps.db, scope, from, to);
  return rankReceiptMatches({ amountCents: row.amount_cents, days, merchant: row.merchant }, purchases);
}
