/**
 * The upload half of the receipts stage (issue 33, DECISIONS.md #107, #108): a phone's 5 MB photo
 * sent over HTTP to the built server on a fresh SQLite directory, as the capture screen sends it.
 * Measured from the first byte sent to the answer: attaching it to a purchase (type checked from
 * the bytes, re-encoded without EXIF, thumbnail made, stored), its thumbnail asked for twice (made
 * once, then read from the store), and `POST /api/receipts` answering (200 with the read, or 202
 * while the OCR runs on). Goal: the upload answers in under 500 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { registerUser, startServer, stopServer } from '../../support/server-process';

export const UPLOAD_GOAL_MS = 500;
const PHOTO_BYTES = 5 * 1024 * 1024;
const UPLOADS = 5;

/** A camera-sized JPEG of about 5 MB: noise, which JPEG cannot shrink, at 4032×3024. */
async function fiveMegabytePhoto(): Promise<Buffer> {
  let quality = 80;
  for (;;) {
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#f4efe6', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
      .jpeg({ quality })
      .toBuffer();
    if (photo.length >= PHOTO_BYTES * 0.9 || quality >= 98) return photo;
    quality += 6;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export interface UploadBenchResult {
  table: string;
  missed: string[];
}

export async function benchAttachmentUpload(): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-bench-upload-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const { token } = await registerUser(server, 'bench-upload@example.com');
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const account = await call('POST', '/accounts', { name: 'Everyday', account_type_id: 2, most_recent_balance: { current_balance: 100, date: '2026-11-01' } });
    const purchase = await call('POST', `/accounts/${account.id}/transactions`, { type: 'expense', amount: 42.5, date: '2026-11-20', description: 'Hardware House' });
    const photo = await fiveMegabytePhoto();
    const timedPost = async (url: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'receipt.jpg');
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const body = (await response.json()) as { attachments?: Array<{ id: number }> };
      const ms = performance.now() - started;
      if (response.status >= 300 && response.status !== 202) throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(body)}`);
      return { ms, status: response.status, body };
    };
    const timedGet = async (url: string) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return { ms: performance.now() - started, bytes };
    };

    const uploads: number[] = [];
    let attachmentId = 0;
    for (let i = 0; i < UPLOADS; i += 1) {
      const upload = await timedPost(`/transactions/${purchase.id}/attachments`);
      uploads.push(upload.ms);
      attachmentId = upload.body.attachments?.at(-1)?.id ?? attachmentId;
    }
    const firstThumbnail = await timedGet(`/attachments/${attachmentId}/thumbnail`);
    const againThumbnail = await timedGet(`/attachments/${attachmentId}/thumbnail`);
    const receipt = await timedPost('/receipts');

    const mb = (photo.length / 1024 / 1024).toFixed(1);
    const table = [
      '| Upload of a phone photo over HTTP | Time | Goal |',
      '|---|---:|---|',
      `| attach a ${mb} MB JPEG, median of ${UPLOADS} | ${median(uploads).toFixed(0)} ms | < ${UPLOAD_GOAL_MS} ms |`,
      `| … the slowest of them | ${Math.max(...uploads).toFixed(0)} ms | |`,
      `| its thumbnail (${(firstThumbnail.bytes / 1024).toFixed(0)} kB), first ask | ${firstThumbnail.ms.toFixed(0)} ms | |`,
      `| … asked again | ${againThumbnail.ms.toFixed(0)} ms | |`,
      `| \`POST /api/receipts\` with it: answer ${receipt.status} | ${receipt.ms.toFixed(0)} ms | |`,
    ].join('\n');
    const slowest = median(uploads);
    return { table, missed: slowest < UPLOAD_GOAL_MS ? [] : [`a ${mb} MB photo attached in ${slowest.toFixed(0)} ms (goal < ${UPLOAD_GOAL_MS} ms)`] };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
