/**
 * A zip written as a stream (the backup and the tax export). yazl loads with the first export, not
 * at start-up (DECISIONS.md #119).
 */
import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';

/** A new zip and the stream its bytes come out of; an error of the zip ends the stream with it. */
export async function newZipFile(): Promise<{ zip: ZipFile; output: Readable }> {
  // A CommonJS package: the bundle's dynamic import gives its exports as `default` only.
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return { zip, output };
}
