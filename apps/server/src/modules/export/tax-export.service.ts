/**
 * The tax and warranty export (issue 33; DECISIONS.md #113): for a date range and chosen
 * sub-categories, a zip of `tax-export.csv` — one row per transaction: date, payee, the amount in
 * those sub-categories (expenses negative, in the book's currency, with a currency column), the
 * sub-category names, notes, and the names of its files in the zip — and the files under `files/`.
 * Streamed like the backup zip: one file in memory at a time.
 */
import { Readable } from 'node:stream';
import { TAX_EXPORT_CSV_HEADER, TAX_EXPORT_MESSAGES } from '@mindspend/api-contract';
import { type CsvValue, csvAmountIn, csvDocument, currencyCode } from '@mindspend/domain';
import type { BookScope } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { validationFailed } from '../../lib/http-errors';
import { newZipFile } from '../../lib/zip-writer';
import type { AttachmentStore } from '../attachments';
import { bookCurrency, filesOf, taxLines, usableSubcategoryCount } from './tax-export.repo';

export type TaxExportDeps = AppDeps & { store: AttachmentStore };

export interface TaxExportChoice {
  from: string;
  to: string;
  subcategoryIds: readonly number[];
}

export const TAX_CSV_ENTRY = 'tax-export.csv';

/** A file's entry: under files/, its attachment id first so two receipts named alike stay two. */
export function taxFileEntry(id: number, fileName: string): string {
  return `files/${id}-${fileName.replace(/[/\\]/g, '_').replace(/^\.+/, '') || 'file'}`;
}

interface TaxRow {
  date: string;
  payee: string;
  signedCents: number;
  subcategories: string[];
  notes: string;
  files: string[];
}

/** The export as a zip stream; a sub-category id not of this book is a 422 before anything is read. */
export async function taxExportZip(deps: TaxExportDeps, scope: BookScope, choice: TaxExportChoice): Promise<Readable> {
  if ((await usableSubcategoryCount(deps.db, scope.bookId, choice.subcategoryIds)) !== choice.subcategoryIds.length)
    throw validationFailed({ category_ids: [TAX_EXPORT_MESSAGES.unknownCategory] });
  const [lines, currency] = await Promise.all([taxLines(deps.db, scope, choice, choice.subcategoryIds), bookCurrency(deps.db, scope.bookId)]);
  const rows = new Map<number, TaxRow>();
  for (const line of lines) {
    const row = rows.get(line.id) ?? { date: line.date, payee: line.entity_name ?? line.description ?? '', signedCents: 0, subcategories: [], notes: line.notes ?? '', files: [] };
    row.signedCents += line.type === 'expense' ? -line.amount_cents : line.amount_cents;
    if (!row.subcategories.includes(line.subcategory_name)) row.subcategories.push(line.subcategory_name);
    rows.set(line.id, row);
  }
  const files = await filesOf(deps.db, scope.bookId, [...rows.keys()]);
  for (const file of files) rows.get(file.transaction_id)?.files.push(taxFileEntry(file.id, file.file_name));
  const code = currencyCode(currency);
  const csv = csvDocument(
    TAX_EXPORT_CSV_HEADER,
    [...rows.values()].map((row): CsvValue[] => [row.date, row.payee, csvAmountIn(row.signedCents, code), code, row.subcategories.join('; '), row.notes, row.files.join('; ')]),
  );
  const { zip, output } = await newZipFile();
  // Dated by the server's clock at the export, like the backup zip (backup-zip.service.ts).
  const mtime = deps.clock.now();
  zip.addBuffer(Buffer.from(csv, 'utf8'), TAX_CSV_ENTRY, { mtime });
  for (const file of files) {
    zip.addReadStreamLazy(taxFileEntry(file.id, file.file_name), { compress: false, size: file.size_bytes, mtime }, (callback) => {
      deps.store.get(file.storage_key).then(
        (bytes) => (bytes ? callback(null, Readable.from([bytes], { objectMode: false })) : callback(new Error(`attachment file ${file.storage_key} is missing`), Readable.from([]))),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
      );
    });
  }
  zip.end();
  return output;
}
