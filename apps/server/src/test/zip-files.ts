/**
 * Zips for the backup API tests, written byte by byte (DECISIONS.md #113): a zip library would
 * refuse to write what these tests need — a name like `../../etc/passwd`, an entry whose header
 * claims another size than it holds — and reading answers back needs only yauzl.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

export interface RawEntry {
  name: string;
  data: Buffer;
  /** Deflate (the default) or store. */
  deflate?: boolean;
  /** The uncompressed size the headers claim, when it is to differ from the data's. */
  claimedSize?: number;
}

/** A zip of the entries, with headers that say whatever the entries claim. */
export function rawZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflate = entry.deflate ?? true;
    const body = deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data);
    const size = entry.claimedSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every entry of a zip, by name, inflated. */
/** Walks the zip's entries in order, each handed to `visit`, which calls `next` when done with it. */
function eachEntry(
  zip: Buffer,
  visit: (file: yauzl.ZipFile, entry: yauzl.Entry, next: () => void, fail: (error: Error) => void) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      file.on('error', reject);
      file.on('end', () => resolve());
      file.on('entry', (entry: yauzl.Entry) => visit(file, entry, () => file.readEntry(), reject));
      file.readEntry();
    });
  });
}

/** Each entry's name and its bytes. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  await eachEntry(zip, (file, entry, next, fail) => {
    file.openReadStream(entry, (streamError, stream) => {
      if (streamError || !stream) return fail(streamError ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', fail);
      stream.on('end', () => {
        entries.set(entry.fileName, Buffer.concat(chunks));
        next();
      });
    });
  });
  return entries;
}

/** Each entry's name and the modification time its headers give (yauzl reads it as local time, as zips are written). */
export async function entryDates(zip: Buffer): Promise<Map<string, Date>> {
  const dates = new Map<string, Date>();
  await eachEntry(zip, (_file, entry, next) => {
    dates.set(entry.fileName, entry.getLastModDate());
    next();
  });
  return dates;
}
