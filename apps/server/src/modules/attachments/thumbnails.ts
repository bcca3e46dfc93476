/**
 * Thumbnails (DECISIONS.md #107): made on the server with sharp the first time one is asked for,
 * then stored beside the file and served from the store ever after. A PDF's is a drawn page with
 * "PDF" on it (sharp cannot render PDF pages without poppler, which its binaries leave out).
 */
import { loadSharp } from '../../lib/sharp';

/** The longest side of a thumbnail, in pixels: crisp on a phone's 2x or 3x screen at ~100 px. */
export const THUMBNAIL_SIZE = 320;

const PDF_ICON =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_SIZE}" height="${THUMBNAIL_SIZE}" viewBox="0 0 64 64">
<rect width="64" height="64" fill="#f1f3f5"/>
<path d="M18 8h20l10 10v38H18z" fill="#ffffff" stroke="#868e96" stroke-width="1.5"/>
<path d="M38 8v10h10" fill="none" stroke="#868e96" stroke-width="1.5"/>
<rect x="14" y="34" width="30" height="13" rx="2" fill="#c92a2a"/>
<text x="29" y="44" font-family="sans-serif" font-size="10" font-weight="bold" fill="#ffffff" text-anchor="middle">PDF</text>
</svg>`);

/** A JPEG at most THUMBNAIL_SIZE on its longest side. */
export async function makeThumbnail(bytes: Buffer, mediaType: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const source = mediaType === 'application/pdf' ? sharp(PDF_ICON) : sharp(bytes);
  return source
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75 })
    .toBuffer();
}
