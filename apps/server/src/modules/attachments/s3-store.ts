/**
 * Attachments in an S3-compatible bucket (DECISIONS.md #107): for several processes on several
 * machines. An object is written whole by one PUT (S3 shows it complete or not at all). The SDK
 * is loaded on first use, so a server without a bucket never pays for loading it. Path-style
 * addressing whenever an endpoint is given: MinIO, Garage and s3rver serve buckets that way.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { AttachmentStore, StoredObject } from './attachment-store';

export interface S3StoreSettings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

type S3Module = typeof import('@aws-sdk/client-s3');

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}

export class S3AttachmentStore implements AttachmentStore {
  private client: Promise<{ s3: S3Module; client: S3Client }> | null = null;

  constructor(private readonly settings: S3StoreSettings) {}

  private connect(): Promise<{ s3: S3Module; client: S3Client }> {
    this.client ??= import('@aws-sdk/client-s3').then((s3) => {
      const { region, endpoint, accessKeyId, secretAccessKey } = this.settings;
      const client = new s3.S3Client({
        region,
        ...(endpoint && { endpoint, forcePathStyle: true }),
        ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
      });
      return { s3, client };
    });
    return this.client;
  }

  async put(key: string, bytes: Buffer, mediaType: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: mediaType,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const { s3, client } = await this.connect();
    try {
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async *list(): AsyncIterable<StoredObject> {
    const { s3, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
