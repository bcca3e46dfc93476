/**
 * The receipts stage of `npm run bench` (issue 33; DECISIONS.md #108): how long a photographed
 * receipt takes to read, from the photo's bytes to the total, day and merchant, through the
 * server's own preparation (sharp), worker pool (tesseract.js) and rules. The first read includes
 * starting the worker and loading the English model, as the first receipt after an idle minute
 * does; the others reuse it. Goal: a read with the worker started under 5 s on this machine; the
 * first read's figure is printed beside it (the worker is made lazily to keep idle memory down).
 */
import { readReceiptText } from '@mindspend/domain';
import { OcrPool, preparedReceiptImage } from '../../../apps/server/src/modules/receipts';
import { SAMPLE_RECEIPTS, receiptPhoto } from '../../support/receipt-image';

export const RECEIPT_READ_GOAL_S = 5;

export interface ReceiptBenchResult {
  table: string;
  missed: string[];
}

export async function benchReceipts(): Promise<ReceiptBenchResult> {
  const pool = new OcrPool({ size: 1, maxWaiting: 0, idleMs: 60_000, readTimeoutMs: 60_000 });
  const rows: string[] = [];
  const seconds: number[] = [];
  try {
    for (const [index, sample] of SAMPLE_RECEIPTS.entries()) {
      // A phone's JPEG, as the capture screen sends it.
      const photo = await receiptPhoto(sample.lines, { rotation: index % 2 === 0 ? 1.5 : -1.5, seed: index + 1, format: 'jpeg' });
      const started = performance.now();
      const read = readReceiptText(await pool.read(await preparedReceiptImage(photo)));
      const took = (performance.now() - started) / 1000;
      seconds.push(took);
      const correct = read.amountCents === sample.expected.amountCents && read.date === sample.expected.date && read.merchant === sample.expected.merchant;
      rows.push(`| ${index === 0 ? 'first (worker started)' : `receipt ${index + 1}`} | ${sample.expected.merchant} | ${(photo.length / 1024).toFixed(0)} kB | ${took.toFixed(2)} s | ${correct ? 'yes' : 'no'} |`);
    }
  } finally {
    await pool.close();
  }
  const slowest = Math.max(...seconds.slice(1));
  const table = ['| Read | Receipt | Photo | Time | Read correctly |', '|---|---|---|---:|---|', ...rows].join('\n');
  return { table, missed: slowest < RECEIPT_READ_GOAL_S ? [] : [`a receipt read in ${slowest.toFixed(2)} s (goal < ${RECEIPT_READ_GOAL_S} s)`] };
}
