/**
 * Reading an uploaded backup zip safely (DECISIONS.md #113). The zip is a file on disk (the upload
 * was streamed there), read with yauzl from its central directory. What stops a zip bomb is that
 * sizes are counted as the bytes inflate, never taken from the headers: each entry is cut off at
 * its own limit and at its declared size (yauzl's validateEntrySizes, and the count here), and all
 * entries together at the zip's limit. Entry names are checked before anything is read: only
 * `backup.json` and `attachments/<id>/<name>`, each once; a path like `../../etc/passwd` is
 * refused (and is never used as a path: the files go to the store under new keys).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { BACKUP_ZIP_JSON_ENTRY, BACKUP_ZIP_MESSAGES } from '@mindspend/api-contract';
import type { Entry, ZipFile } from 'yauzl';
import { HttpError } from '../../lib/http-errors';

export interface ZipLimits {
  /** Bytes all entries may inflate to together. */
  totalBytes: number;
  entries: number;
  /** Bytes backup.json may inflate to. */
  jsonBytes: number;
  /** Bytes one attached file may inflate to. */
  fileBytes: number;
}

const ENTRY_NAME = /^attachments\/\d{1,10}\/[^/\\]{1,255}$/;

const notZip = () => new HttpError(422, BACKUP_ZIP_MESSAGES.notZip);
const tooLarge = () => new HttpError(413, BACKUP_ZIP_MESSAGES.tooLarge);
const sizeMismatch = () => new HttpError(422, BACKUP_ZIP_MESSAGES.sizeMismatch);
/** yauzl's own refusals of sizes unlike their headers, as one sentence; any other is an unreadable zip. */
const zipProblem = (error: Error) => (/size mismatch|bytes in the stream/.test(error.message) ? sizeMismatch() : notZip());

/** Counts inflated bytes and fails the stream at the first byte over `limit`. */
class ByteCounter extends Transform {
  count = 0;
  constructor(
    private readonly limit: number,
    private readonly overLimit: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.count += chunk.length;
    if (this.count > this.limit) done(this.overLimit());
    else done(null, chunk);
  }
}

async function openZip(zipPath: string): Promise<ZipFile> {
  // The zip reader loads with the first restore, not at start-up (DECISIONS.md #119).
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    // strictFileNames refuses backslashes; decodeStrings (the default) refuses absolute and `..` paths.
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) reject(notZip());
      else resolve(zip);
    });
  });
}

/** An opened backup zip whose entry names and declared sizes have been checked. */
export class BackupZipReader {
  private inflated = 0;

  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ReadonlyMap<string, Entry>,
    private readonly limits: ZipLimits,
  ) {}

  static async open(zipPath: string, limits: ZipLimits): Promise<BackupZipReader> {
    const zip = await openZip(zipPath);
    try {
      // The end record's count is checked before a single entry is read.
      if (zip.entryCount > limits.entries) throw new HttpError(422, BACKUP_ZIP_MESSAGES.tooManyEntries);
      const entries = await readEntries(zip, limits);
      return new BackupZipReader(zip, entries, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The entry's bytes, inflated and counted; a size over its limit or unlike its header is refused. */
  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new HttpError(422, BACKUP_ZIP_MESSAGES.missingFile);
    const limit = Math.min(name === BACKUP_ZIP_JSON_ENTRY ? this.limits.jsonBytes : this.limits.fileBytes, this.limits.totalBytes - this.inflated);
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
      this.zip.openReadStream(entry, (error, readStream) => (error || !readStream ? reject(notZip()) : resolve(readStream)));
    });
    const counter = new ByteCounter(limit, tooLarge);
    const chunks: Buffer[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        stream.on('error', (error: Error) => reject(zipProblem(error)));
        counter.on('error', reject);
        counter.on('data', (chunk: Buffer) => chunks.push(chunk));
        counter.on('end', resolve);
        stream.pipe(counter);
      });
    } catch (error) {
      stream.unpipe(counter);
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw error;
    }
    this.inflated += counter.count;
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

/** Every entry by name, checked: known names only, each once, declared sizes within the limits. */
function readEntries(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    const fail = (error: HttpError) => {
      zip.removeAllListeners('entry');
      reject(error);
    };
    zip.on('error', (error: Error) => fail(zipProblem(error)));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      const isJson = name === BACKUP_ZIP_JSON_ENTRY;
      if ((!isJson && !ENTRY_NAME.test(name)) || entries.has(name)) return fail(new HttpError(422, BACKUP_ZIP_MESSAGES.strayEntry));
      if (entry.isEncrypted()) return fail(notZip());
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > (isJson ? limits.jsonBytes : limits.fileBytes)) return fail(new HttpError(413, BACKUP_ZIP_MESSAGES.fileTooLarge));
      if (declared > limits.totalBytes) return fail(tooLarge());
      entries.set(name, entry);
      if (entries.size > limits.entries) return fail(new HttpError(422, BACKUP_ZIP_MESSAGES.tooManyEntries));
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.readEntry();
  });
}
