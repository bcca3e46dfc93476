/**
 * The two attachment stores for the API tests (DECISIONS.md #107): a fresh directory as DATA_DIR,
 * or a bucket on s3rver, a local S3 stand-in started by the test on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type StoreKind = 'directory' | 'bucket';
export const STORE_KINDS: readonly StoreKind[] = ['directory', 'bucket'];

export interface TestStore {
  /** Configuration to give createTestApp. */
  overrides: Record<string, string>;
  /** The directory DATA_DIR names (the directory store keeps files in its `attachments`). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestStore(kind: StoreKind): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-attachments-'));
  if (kind === 'directory') {
    return {
      overrides: { DATA_DIR: dataDir },
      dataDir,
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'mindspend-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'attachments' }],
  });
  const address = await server.run();
  return {
    overrides: {
      DATA_DIR: dataDir,
      ATTACHMENTS_S3_BUCKET: 'attachments',
      ATTACHMENTS_S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      ATTACHMENTS_S3_ACCESS_KEY_ID: 'S3RVER',
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    dataDir,
    async close() {
      await server.close();
      rmSync(s3Dir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
