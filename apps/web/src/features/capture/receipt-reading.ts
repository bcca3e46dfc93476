/**
 * Sending a receipt's photo to be read (DECISIONS.md #108, #114): the server answers at once with
 * the read, or with `status: 'reading'` (a 202) and the id to ask again by. The screen asks every
 * POLL_MS until the read is done or failed; the person may stop waiting at any time (`signal`).
 */
import { RECEIPT_READ_FAILED, type ReceiptRead } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { uploadForm, type UploadOptions } from '../../lib/upload';

/** How often a read still going is asked about: reading takes a few seconds (a worker, one core). */
export const POLL_MS = 1500;

/** A read the server finished without an answer: its sentence says why (RECEIPT_* of the contract). */
export class ReceiptReadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReceiptReadFailed';
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Stopped', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Stopped', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Reads `photo`; resolves with the finished read, rejects with ReceiptReadFailed when it failed. */
export async function readReceiptPhoto(photo: File, options: UploadOptions & { pollMs?: number } = {}): Promise<ReceiptRead> {
  const form = new FormData();
  form.append('file', photo, photo.name);
  let read = await uploadForm('readReceipt', form, { onProgress: options.onProgress, signal: options.signal });
  while (read.status === 'reading') {
    await pause(options.pollMs ?? POLL_MS, options.signal);
    read = await callApi('getReceiptRead', { params: { id: read.id }, signal: options.signal });
  }
  if (read.status === 'failed' || read.transaction === null) throw new ReceiptReadFailed(read.error ?? RECEIPT_READ_FAILED);
  return read;
}
