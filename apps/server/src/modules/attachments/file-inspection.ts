/**
 * What an uploaded file is, decided from its bytes alone (DECISIONS.md #107): `file-type` reads
 * the magic numbers; the name and the browser's media type are never asked. Images are decoded and
 * re-encoded with sharp, which applies their orientation and drops their metadata (EXIF, with
 * the place a photo was taken); a HEIC photo becomes a JPEG, which every browser shows. PDFs are
 * kept as they are unless they carry JavaScript. Anything else is refused with a sentence.
 */
import { ATTACHMENT_MESSAGES, type AttachmentMediaType } from '@mindspend/api-contract';
import { HttpError } from '../../lib/http-errors';
import { loadSharp } from '../../lib/sharp';
import { pdfHasScript } from './pdf-scripts';

export interface InspectedFile {
  mediaType: AttachmentMediaType;
  /** The bytes to store: re-encoded for an image, as sent for a PDF. */
  bytes: Buffer;
}

/** Pixels an image may have: a 100-megapixel photo passes, a decompression bomb does not. */
const MAX_PIXELS = 100_000_000;

/** The image types kept as they come (re-encoded); HEIC is kept as JPEG. */
const KEPT_IMAGES = new Set<string>(['image/jpeg', 'image/png', 'image/webp']);

async function detectedType(bytes: Buffer): Promise<string | undefined> {
  // file-type is ESM-only; loaded on first upload, not at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.mime;
}

async function reencode(bytes: Buffer, as: 'jpeg' | 'png' | 'webp', unreadable: string): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    // rotate() with no angle applies the EXIF orientation; output without withMetadata() carries no EXIF.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    // Without the second, Huffman-optimising pass: a 12-megapixel photo re-encodes in about a fifth
    // of the time for a file some 9 % larger, and the upload answers within its 500 ms goal
    // (docs/PERFORMANCE.md, "Receipts").
    if (as === 'jpeg') return await image.jpeg({ quality: 90, mozjpeg: false, optimiseCoding: false }).toBuffer();
    if (as === 'png') return await image.png({ compressionLevel: 6 }).toBuffer();
    return await image.webp({ quality: 90 }).toBuffer();
  } catch {
    throw new HttpError(422, unreadable);
  }
}

/** The file as it will be stored, or a 422 saying why it is not kept. */
export async function inspectFile(bytes: Buffer): Promise<InspectedFile> {
  if (bytes.length === 0) throw new HttpError(422, ATTACHMENT_MESSAGES.empty);
  const mime = await detectedType(bytes);
  if (mime === 'application/pdf') {
    if (pdfHasScript(bytes)) throw new HttpError(422, ATTACHMENT_MESSAGES.pdfScript);
    return { mediaType: 'application/pdf', bytes };
  }
  if (mime === 'image/heic' || mime === 'image/heif') {
    return {
      mediaType: 'image/jpeg',
      bytes: await reencode(bytes, 'jpeg', ATTACHMENT_MESSAGES.heicUnreadable),
    };
  }
  if (mime && KEPT_IMAGES.has(mime)) {
    const as = mime === 'image/jpeg' ? 'jpeg' : mime === 'image/png' ? 'png' : 'webp';
    return {
      mediaType: mime as AttachmentMediaType,
      bytes: await reencode(bytes, as, ATTACHMENT_MESSAGES.unreadableImage),
    };
  }
  throw new HttpError(422, ATTACHMENT_MESSAGES.unsupported);
}

/**
 * True when stored bytes are what their row says (a restored backup's files, DECISIONS.md #113):
 * they were inspected and re-encoded when first attached, so they are checked, not re-encoded,
 * and come back byte for byte. A HEIC upload was kept as JPEG, so no stored file is HEIC.
 */
export async function isStoredFileOf(bytes: Buffer, mediaType: string): Promise<boolean> {
  if (bytes.length === 0) return false;
  const mime = await detectedType(bytes);
  if (mime !== mediaType) return false;
  return mime !== 'application/pdf' || !pdfHasScript(bytes);
}
