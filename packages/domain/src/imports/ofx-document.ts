/**
 * OFX text → an element tree, through fast-xml-parser. OFX 2 is XML, but OFX 1.x is SGML whose
 * leaf elements are never closed (`<TRNAMT>-45.67` then the next tag), so every file first goes
 * through one tolerant step that writes well-formed XML:
 *
 * - a leaf (an element with text) is closed when the next tag starts, as SGML's DTD would;
 * - `<![CDATA[…]]>` becomes the value's text, comments (`<!-- … -->`, ofxstatement puts the
 *   header in one) are dropped, and a value may sit on the line after its tag;
 * - entities are decoded once and fully (`&amp;`, `&lt;`, `&#233;`, `&#xE9;`, and `&lt` without
 *   its ';' as some banks write it), then escaped again for the XML parser, which decodes them back;
 * - every element gets an `l` attribute: the line it starts on, so errors and skipped lines name it.
 *
 * A file cut short — a transaction never closed, or no closing </OFX> — fails naming the line:
 * silently importing part of a statement would look like a complete import.
 */
import { XMLParser } from 'fast-xml-parser';
import { ImportError } from './import-error';

/** An element as fast-xml-parser gives it: children by name, `#text`, and the `@_l` line. */
export interface OfxElement {
  [name: string]: OfxNode | OfxNode[] | string | undefined;
  '#text'?: string;
  '@_l'?: string;
}
export type OfxNode = OfxElement | string;

/** Aggregates whose opening while one is open, or unclosed end, means the file is broken. */
const TRANSACTIONS = new Set(['STMTTRN']);

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  eacute: 'é', egrave: 'è', ecirc: 'ê', agrave: 'à', acirc: 'â', ccedil: 'ç', ocirc: 'ô', ucirc: 'û', ugrave: 'ù',
  iuml: 'ï', euml: 'ë', uuml: 'ü', ouml: 'ö', auml: 'ä', szlig: 'ß', ntilde: 'ñ', Eacute: 'É', euro: '€',
};

const WITH_SEMICOLON = /&(?:#[xX]([0-9a-fA-F]+);|#(\d+);|()([A-Za-z]+);)/g;
const OR_BARE_AT_END = /&(?:#[xX]([0-9a-fA-F]+);|#(\d+);|(amp|lt|gt|quot|apos)$|([A-Za-z]+);)/g;

/**
 * Decodes character references once: numeric ones (not control characters) and the named ones
 * above. With `bareAtEnd`, one of the five XML names that ends the value without its ';' is read
 * too ('TPAY &lt;DEFTPYMT&gt', as an OFX value was written); 'AT&T' is never touched.
 */
export function decodeEntities(value: string, options: { bareAtEnd?: boolean } = {}): string {
  if (!value.includes('&')) return value;
  const pattern = options.bareAtEnd ? OR_BARE_AT_END : WITH_SEMICOLON;
  return value.replace(pattern, (whole, hex?: string, dec?: string, bare?: string, named?: string) => {
    if (hex !== undefined || dec !== undefined) {
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      const printable = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code !== 0x7f);
      return printable && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    const name = bare || named || '';
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
  });
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Open {
  name: string;
  line: number;
  text: string;
  hasChildren: boolean;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<(\/?)([A-Za-z][A-Za-z0-9._]*)[^<>]*>|<\?[\s\S]*?\?>|[^<]+|</g;

/** Line breaks in text[from, to); indexOf keeps this fast on multi-megabyte files. */
function countLines(text: string, from: number, to: number, lineBreak: string): number {
  let lines = 0;
  for (let i = text.indexOf(lineBreak, from); i !== -1 && i < to; i = text.indexOf(lineBreak, i + 1)) lines += 1;
  return lines;
}

/** Writes the OFX body (from <OFX> on) as well-formed XML with a line attribute on every element. */
export function ofxToXml(text: string): string {
  const start = text.search(/<OFX(?:\s[^>]*)?>/i);
  if (start === -1) throw new ImportError(1, 'this is not an OFX file (no <OFX> element found).');
  // Old Mac-style files end lines with a lone CR; everything else has LF.
  const lineBreak = text.includes('\n') ? '\n' : '\r';
  let line = 1 + countLines(text, 0, start, lineBreak);
  let position = start;
  const out: string[] = [];
  const stack: Open[] = [];
  let closedOfx = false;

  const closeTop = () => {
    const top = stack.pop() as Open;
    const value = top.text.trim();
    if (!top.hasChildren && value !== '') out.push(escapeXml(value));
    out.push(`</${top.name}>`);
  };
  // A leaf's value ends where the next tag starts (SGML leaves are not closed).
  const endLeaf = () => {
    const top = stack[stack.length - 1];
    if (top && !top.hasChildren && top.text.trim() !== '') closeTop();
  };

  TOKEN.lastIndex = start;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    line += countLines(text, position, match.index, lineBreak);
    position = match.index;
    const token = match[0];
    const name = match[3]?.toUpperCase();
    if (token.startsWith('<!--') || token.startsWith('<?')) continue;
    if (match[1] !== undefined || name === undefined) {
      // Text, CDATA, or a '<' that starts no tag (kept as text).
      const top = stack[stack.length - 1];
      // A value ends at its line's end too: '&gt' before the line break is read as '>'.
      if (top) top.text += match[1] !== undefined ? match[1] : decodeEntities(token.trimEnd(), { bareAtEnd: true }) + token.slice(token.trimEnd().length);
      continue;
    }
    if (match[2] === '/') {
      const depth = stack.map((open) => open.name).lastIndexOf(name);
      if (depth === -1) {
        if (TRANSACTIONS.has(name)) throw new ImportError(line, `a </${name}> closes a transaction that never opened.`);
        continue; // a stray end tag of an unclosed SGML leaf: nothing to close
      }
      while (stack.length > depth + 1) {
        const inner = stack[stack.length - 1] as Open;
        if (TRANSACTIONS.has(inner.name)) throw unclosed(inner.line);
        closeTop();
      }
      closeTop();
      if (name === 'OFX') {
        closedOfx = true;
        break;
      }
      continue;
    }
    endLeaf();
    if (TRANSACTIONS.has(name)) {
      const open = stack.find((element) => TRANSACTIONS.has(element.name));
      if (open) throw unclosed(open.line);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.hasChildren = true;
    out.push(`<${name} l="${line}">`);
    if (token.endsWith('/>')) out.push(`</${name}>`);
    else stack.push({ name, line, text: '', hasChildren: false });
  }
  const open = stack.find((element) => TRANSACTIONS.has(element.name));
  if (open) throw unclosed(open.line);
  if (!closedOfx) {
    const lastLine = 1 + countLines(text, 0, text.trimEnd().length, lineBreak);
    throw new ImportError(lastLine, 'the file ends before the statement does (no closing </OFX>); it looks cut off.');
  }
  return out.join('');
}

function unclosed(line: number): ImportError {
  return new ImportError(line, 'this transaction is never closed (no </STMTTRN>); the file looks cut off.');
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // FITIDs and amounts stay text: '007' is not 7, and cents are parsed exactly.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** The <OFX> element of a statement, every element with its line. */
export function readOfxDocument(text: string): OfxElement {
  const root = parser.parse(ofxToXml(text)) as { OFX?: OfxElement | string };
  const ofx = root.OFX;
  return typeof ofx === 'object' ? ofx : {};
}

/** The children named `name` of an element, as a list whatever their number. */
export function childrenNamed(element: OfxElement, name: string): OfxNode[] {
  const value = element[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every element named `name` anywhere under `element`, in document order by line. */
export function findAll(element: OfxElement, name: string): OfxElement[] {
  const found: OfxElement[] = [];
  const visit = (node: OfxElement) => {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('@_') || key === '#text' || value === undefined || typeof value === 'string') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (typeof child !== 'object') continue;
        if (key === name) found.push(child);
        else visit(child);
      }
    }
  };
  visit(element);
  return found.sort((a, b) => lineOf(a) - lineOf(b));
}

/** The line an element starts on. */
export function lineOf(element: OfxElement): number {
  return Number(element['@_l'] ?? 1);
}

/** A leaf's value and line, or undefined when the element is missing or empty. */
export function leaf(element: OfxElement, name: string): { value: string; line: number } | undefined {
  const node = childrenNamed(element, name)[0];
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node['#text'];
  return value === undefined || value === '' ? undefined : { value, line: lineOf(node) };
}
