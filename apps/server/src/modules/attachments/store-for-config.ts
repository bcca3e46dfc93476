/** The attachment store this server's configuration names (DECISIONS.md #107). */
import path from 'node:path';
import type { Config } from '../../config';
import type { AttachmentStore } from './attachment-store';
import { LocalAttachmentStore } from './local-store';
import { S3AttachmentStore } from './s3-store';

/** The bucket when ATTACHMENTS_S3_BUCKET is set, else the directory under DATA_DIR. */
export function attachmentStoreFor(config: Config): AttachmentStore {
  if (config.ATTACHMENTS_S3_BUCKET) {
    return new S3AttachmentStore({
      bucket: config.ATTACHMENTS_S3_BUCKET,
      region: config.ATTACHMENTS_S3_REGION,
      endpoint: config.ATTACHMENTS_S3_ENDPOINT,
      accessKeyId: config.ATTACHMENTS_S3_ACCESS_KEY_ID,
      secretAccessKey: config.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalAttachmentStore(path.join(config.DATA_DIR, 'attachments'));
}
