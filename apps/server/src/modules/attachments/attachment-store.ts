/**
 * Where attachment bytes live (DECISIONS.md #107): one small interface, two stores. A directory
 * (DATA_DIR/attachments) serves one machine; an S3-compatible bucket serves several processes on
 * several machines. Keys are made by the server (storage-keys.ts), never from a file's name.
 */
export interface StoredObject {
  key: string;
  /** When the object was written: the sweep leaves young objects alone (their row may be on its way). */
  modifiedAt: Date;
}

export interface AttachmentStore {
  /** Writes the whole object; it is complete when the promise resolves, and never visible half-written. */
  put(key: string, bytes: Buffer, mediaType: string): Promise<void>;
  /** The whole object, or null when there is none (deleted, or never written). */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object, in pages, for the sweep. */
  list(): AsyncIterable<StoredObject>;
}
