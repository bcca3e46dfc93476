/**
 * Whether a PDF carries JavaScript (DECISIONS.md #107): a `/JavaScript` or `/JS` name anywhere in
 * it, written plainly, with `#xx` escapes (`/J#61vaScript`), or inside a compressed object stream,
 * where modern PDFs keep most of their dictionaries. Such a PDF is refused rather than kept.
 */
import { inflateSync } from 'node:zlib';

const SCRIPT_NAMES = new Set(['JavaScript', 'JS']);
/** Names: a slash and the regular characters after it (the PDF standard, ISO 32000-1, section 7.3.5). */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;
const STREAM = /stream\r?\n/g;
/** All streams of one PDF together may not inflate to more than this: a deflate bomb stops here. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function namesScript(text: string): boolean {
  for (const match of text.matchAll(NAME)) {
    if (SCRIPT_NAMES.has(decodeName(match[1] ?? ''))) return true;
  }
  return false;
}

/** The inflated content of each stream that is zlib-compressed (FlateDecode); others are skipped. */
function* inflatedStreams(pdf: Buffer): Generator<Buffer> {
  let budget = MAX_INFLATED_BYTES;
  for (const match of pdf.toString('latin1').matchAll(STREAM)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = pdf.indexOf('endstream', start, 'latin1');
    if (end === -1) return;
    // zlib streams begin with 0x78; anything else is another filter (images, fonts) or plain.
    if (pdf[start] !== 0x78) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(pdf.subarray(start, end), { maxOutputLength: budget, finishFlush: 2 });
    } catch {
      // Damaged, or over the budget: a stream we cannot read is treated as one that may hide a script.
      yield Buffer.from('/JavaScript');
      return;
    }
    budget -= inflated.length;
    yield inflated;
  }
}

/** True when the PDF names JavaScript anywhere, compressed or not. */
export function pdfHasScript(pdf: Buffer): boolean {
  if (namesScript(pdf.toString('latin1'))) return true;
  for (const inflated of inflatedStreams(pdf)) {
    if (namesScript(inflated.toString('latin1'))) return true;
  }
  return false;
}
