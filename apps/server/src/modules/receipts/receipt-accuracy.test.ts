/**
 * Printed text read correctly (issue 33; DECISIONS.md #108): five receipts of our own making,
 * rendered to photos with noise and a slight turn each way, read by the same preparation, worker
 * and rules as POST /api/receipts. At least four of five must give the total, the day and the
 * merchant exactly. One worker serves the whole file.
 */
import { readReceiptText } from '@mindspend/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_RECEIPTS, receiptPhoto } from '../../../../../scripts/support/receipt-image';
import { OcrPool } from './ocr-pool';
import { preparedReceiptImage } from './receipt-image';

describe('reading receipt photos', () => {
  const pool = new OcrPool({ size: 1, maxWaiting: 0, idleMs: 60_000, readTimeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('reads the total, the day and the merchant of at least 4 of 5 sample receipts', { timeout: 120_000 }, async () => {
    const results = [];
    for (const [index, sample] of SAMPLE_RECEIPTS.entries()) {
      const photo = await receiptPhoto(sample.lines, { rotation: index % 2 === 0 ? 1.5 : -1.5, seed: index + 1, format: index % 2 === 0 ? 'jpeg' : 'png' });
      const read = readReceiptText(await pool.read(await preparedReceiptImage(photo)));
      results.push({ expected: sample.expected, read: { amountCents: read.amountCents, date: read.date, merchant: read.merchant } });
    }
    const correct = results.filter(({ expected, read }) => read.amountCents === expected.amountCents && read.date === expected.date && read.merchant === expected.merchant);
    // On failure the message shows what each receipt was read as.
    expect(correct.length, JSON.stringify(results, null, 1)).toBeGreaterThanOrEqual(4);
  });
});
