/**
 * Uploaded statement bytes → text, in the encoding the file is in (DECISIONS.md #41). Banks still
 * write Windows-1252 and ISO-8859-1: read as UTF-8, 'Café' became 'Caf\uFFFD' for good, and a
 * re-import could not repair it (the rows were duplicates). Nothing here ever invents U+FFFD: a
 * byte sequence that is not valid in the encoding tried is read as Windows-1252, where every byte
 * is a character.
 *
 * - A byte-order mark (UTF-8, UTF-16 LE/BE) wins.
 * - OFX 1.x: the `ENCODING:` / `CHARSET:` header lines (also inside a `<!-- … -->` comment, as
 *   ofxstatement writes them); OFX 2 and CAMT: the XML declaration's `encoding`.
 * - Otherwise (CSV, QIF, no declaration): UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 *
 * A declared single-byte charset is not trusted over bytes that are valid UTF-8 with multi-byte
 * characters in them: banks that switched to UTF-8 often kept their old `CHARSET:1252` line, and
 * Windows-1252 text practically never forms valid multi-byte UTF-8 by chance.
 */

/** WHATWG TextDecoder (browsers, Node): used for UTF-8 and UTF-16 only, see windows1252(). */
declare const TextDecoder: new (label: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

/**
 * Windows-1252's characters for bytes 0x80–0x9F (the WHATWG index); every other byte is the
 * Latin-1 code point of the same value. Decoded here because Node 20's TextDecoder reads the label
 * 'windows-1252' as ISO-8859-1 (0x80 becomes the control U+0080, not '€'), so the table is the
 * one implementation both the server and the browser share.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Every byte is a character in Windows-1252, so this never fails and never gives U+FFFD. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const CHUNK = 8192;
  let text = '';
  const codes = new Array<number>(Math.min(bytes.length, CHUNK));
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    codes.length = end - start;
    for (let i = start; i < end; i += 1) {
      const byte = bytes[i] as number;
      codes[i - start] = byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] as number) : byte;
    }
    text += String.fromCharCode(...codes);
  }
  return text;
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedStatement {
  text: string;
  /** The encoding the text was read in. */
  encoding: TextEncodingName;
}

/** How far into the file a declaration is looked for. */
const HEAD_BYTES = 4096;

function decode(bytes: Uint8Array, encoding: TextEncodingName, fatal: boolean): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding, { fatal }).decode(bytes);
}

/** The text when the bytes are valid UTF-8, else null. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return decode(bytes, 'utf-8', true);
  } catch {
    return null;
  }
}

/** Latin-1 view of the first bytes: enough to read ASCII headers in any 8-bit encoding. */
function asciiHead(bytes: Uint8Array): string {
  let head = '';
  const end = Math.min(bytes.length, HEAD_BYTES);
  for (let i = 0; i < end; i += 1) head += String.fromCharCode(bytes[i] as number);
  return head;
}

/**
 * The encoding a statement's own header declares: OFX 1.x `ENCODING:UTF-8` or `CHARSET:1252`
 * (ISO-8859-1 is read as Windows-1252, its superset, as browsers do), or an XML declaration's
 * `encoding="…"`. Null when the file declares nothing Mindspend can use.
 */
export function declaredEncoding(head: string): TextEncodingName | null {
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head.replace(/^\uFEFF/, ''));
  if (xml) return encodingByName(xml[1] as string);
  if (!/OFXHEADER\s*:/i.test(head)) return null;
  const encoding = /(?:^|[\s>-])ENCODING\s*:\s*([A-Z0-9-]+)/i.exec(head)?.[1]?.toUpperCase();
  if (encoding === 'UTF-8' || encoding === 'UTF8' || encoding === 'UNICODE') return 'utf-8';
  const charset = /(?:^|[\s>-])CHARSET\s*:\s*([A-Z0-9-]+)/i.exec(head)?.[1];
  return charset ? encodingByName(charset) : null;
}

function encodingByName(raw: string): TextEncodingName | null {
  const name = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (name === 'UTF8' || name === 'UNICODE') return 'utf-8';
  if (/^(?:1252|CP1252|WINDOWS1252|WIN1252|88591|ISO88591|LATIN1|ISOLATIN1|ISO885915|885915)$/.test(name)) return 'windows-1252';
  // USASCII, NONE: plain ASCII is valid UTF-8; anything beyond it is read by the default rule.
  return null;
}

function byteOrderMark(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Reads an uploaded statement's bytes as text; see the rules at the top of this file. */
export function decodeStatementBytes(bytes: Uint8Array): DecodedStatement {
  const bom = byteOrderMark(bytes);
  if (bom) {
    const body = bytes.subarray(bom.length);
    if (bom.encoding !== 'utf-8') return { text: decode(body, bom.encoding, false), encoding: bom.encoding };
    const text = strictUtf8(body);
    return text === null ? { text: decode(body, 'windows-1252', false), encoding: 'windows-1252' } : { text, encoding: 'utf-8' };
  }
  const declared = declaredEncoding(asciiHead(bytes));
  const utf8 = strictUtf8(bytes);
  if (declared === 'windows-1252' && !(utf8 !== null && hasMultiByte(bytes))) {
    return { text: decode(bytes, 'windows-1252', false), encoding: 'windows-1252' };
  }
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  return { text: decode(bytes, 'windows-1252', false), encoding: 'windows-1252' };
}

function hasMultiByte(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}
