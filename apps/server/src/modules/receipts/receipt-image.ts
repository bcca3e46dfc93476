/**
 * A receipt photo checked and prepared for reading (DECISIONS.md #108). Its type is decided from
 * its bytes, never from its name or the browser's word; only photos sharp decodes are read.
 * Preparation turns the phone's picture upright (EXIF orientation), to a width where a receipt's
 * characters are 25–40 pixels tall (where Tesseract reads best, and what keeps a read of a
 * 12-megapixel photo near a second), grey, without speckle (a 3-pixel median) and stretched to
 * full contrast.
 */
import { RECEIPT_FILE_EMPTY, RECEIPT_NOT_AN_IMAGE, RECEIPT_UNREADABLE_IMAGE } from '@mindspend/api-contract';
import { validationFailed } from '../../lib/http-errors';
import { loadSharp } from '../../lib/sharp';

const READABLE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A photo this large in pixels is refused before it is decoded: a small file may unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Narrower photos are enlarged and wider ones shrunk to this width before reading. */
const READING_WIDTH = 1000;

/** The PNG Tesseract reads, or a 422 saying what is wrong with the photo. */
export async function preparedReceiptImage(content: Buffer): Promise<Buffer> {
  if (content.length === 0) throw validationFailed({ file: [RECEIPT_FILE_EMPTY] });
  // The file-type sniffer loads with the first receipt, not at start-up (DECISIONS.md #119).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(content);
  if (!type || !READABLE_TYPES.has(type.mime)) throw validationFailed({ file: [RECEIPT_NOT_AN_IMAGE] });
  const sharp = await loadSharp();
  try {
    return await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: READING_WIDTH })
      .grayscale()
      .median(3)
      .normalize()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw validationFailed({ file: [RECEIPT_UNREADABLE_IMAGE] });
  }
}
