/**
 * The information to the account owner of an MT940 transaction (field :86:), read for the other
 * party's name and the purpose (remittance) text. Banks write it one of three ways:
 *
 * - German and Austrian banks (the DFUE agreement's format): a 3-digit business transaction code, then
 *   subfields `?00` posting text, `?20`-`?29` and `?60`-`?63` purpose, `?32`/`?33` the other
 *   party's name. A SEPA purpose holds keywords (`EREF+`, `SVWZ+`...): its `SVWZ+` part is the
 *   remittance text the person wrote.
 * - Dutch banks (ING, Rabobank, ABN AMRO): SWIFT codes between slashes, `/NAME/J. Jansen/`,
 *   `/REMI/Invoice 12/`; ING gives the name inside `/CNTP/iban/bic/name/city/`.
 * - Free text, which is the purpose.
 *
 * Banks wrap the field at 65 characters a line and each `?2x` subfield at 27: a full line or
 * subfield was cut mid-text and continues without a space, a shorter one ended where its writer
 * ended it and is joined with a space.
 */

export interface Mt940Details {
  /** The other party's name, when the field names it. */
  name?: string;
  /** The purpose (remittance) text. */
  purpose?: string;
  /** A German bank's posting text (`?00`: 'SEPA-UEBERWEISUNG', 'KARTENZAHLUNG'). */
  postingText?: string;
}

const LINE_WIDTH = 65;
const SUBFIELD_WIDTH = 27;

/** Joins parts cut at `width` characters: a full part continues the text, a shorter one ends a phrase. */
function joinWrapped(parts: readonly string[], width: number, continues: (next: string) => boolean = () => false): string {
  let text = '';
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    text += part;
    if (next !== undefined) text += part.length >= width || continues(next) ? '' : ' ';
  });
  return text;
}

/** Spaces collapsed, ends trimmed; undefined for nothing. */
function tidy(text: string): string | undefined {
  const tidied = text.replace(/\s+/g, ' ').trim();
  return tidied === '' ? undefined : tidied;
}

/** The `SVWZ+` part of a SEPA purpose (up to the next keyword), else the purpose as it is. */
function sepaRemittance(purpose: string | undefined): string | undefined {
  const match = purpose === undefined ? null : /SVWZ\+(.*?)(?:(?:EREF|KREF|MREF|CRED|DEBT|COAM|OAMT|ABWA|ABWE|IBAN|BIC)\+|$)/.exec(purpose);
  return (match && tidy(match[1] ?? '')) ?? purpose;
}

/** `106?00KARTENZAHLUNG?20SVWZ+...?32REWE Markt`: subfields by their two-digit number. */
function readGermanSubfields(text: string): Mt940Details {
  const subfields = new Map<number, string[]>();
  const pieces = text.split(/\?(\d{2})/);
  for (let index = 1; index + 1 < pieces.length; index += 2) {
    const code = Number(pieces[index]);
    subfields.set(code, [...(subfields.get(code) ?? []), pieces[index + 1] ?? '']);
  }
  const joined = (codes: readonly number[]) => tidy(joinWrapped(codes.flatMap((code) => subfields.get(code) ?? []), SUBFIELD_WIDTH));
  const purposeCodes = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63];
  const details: Mt940Details = {};
  const name = joined([32, 33]);
  const purpose = sepaRemittance(joined(purposeCodes));
  const postingText = joined([0]);
  if (name !== undefined) details.name = name;
  if (purpose !== undefined) details.purpose = purpose;
  if (postingText !== undefined) details.postingText = postingText;
  return details;
}

/** The SWIFT codes Dutch banks write between slashes; any other word is part of a value. */
const SWIFT_CODES = new Set([
  'ACCW', 'ADDR', 'BENM', 'BIC', 'BUSP', 'CHGS', 'CNTP', 'CSID', 'EREF', 'EXCH', 'IBAN', 'IREF', 'ISDT', 'MARF', 'NAME',
  'OCMT', 'ORDP', 'PURP', 'REMI', 'RTRN', 'SVCL', 'TRTP', 'ULTB', 'ULTC', 'ULTD',
]);

/** `/NAME/J. Jansen/REMI/USTD//Invoice 12/`: each code's values, the slashes between them kept apart. */
function readSwiftCodes(text: string): Mt940Details {
  const values = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const token of text.split('/')) {
    if (SWIFT_CODES.has(token) && !values.has(token)) {
      current = [];
      values.set(token, current);
    } else current?.push(token);
  }
  // A value may hold a slash itself ('Invoice 2026/10'): what lies between two codes is one value.
  const value = (code: string, drop: RegExp = /^$/) => {
    const parts = [...(values.get(code) ?? [])];
    while (parts.length > 0 && (parts[0]?.trim() === '' || drop.test(parts[0] ?? ''))) parts.shift();
    while (parts.length > 0 && parts[parts.length - 1]?.trim() === '') parts.pop();
    return tidy(parts.join('/'));
  };
  const details: Mt940Details = {};
  // ING: /CNTP/account/bic/name/city/.
  const name = value('NAME') ?? tidy(values.get('CNTP')?.[2] ?? '');
  // `USTD` (unstructured) and `STRD` (structured) say what kind of remittance follows.
  const purpose = value('REMI', /^(?:USTD|STRD)$/);
  if (name !== undefined) details.name = name;
  if (purpose !== undefined) details.purpose = purpose;
  return details;
}

/** Reads the lines of one :86: field (the first without its tag). */
export function readMt940Details(lines: readonly string[]): Mt940Details {
  const text = joinWrapped(lines, LINE_WIDTH, (next) => /^[?/]/.test(next));
  if (/^\s*(?:\d{3})?\?\d{2}/.test(text)) return readGermanSubfields(text);
  const code = /^\s*\/([A-Z]{3,4})\//.exec(text)?.[1];
  if (code !== undefined && SWIFT_CODES.has(code)) return readSwiftCodes(text.trim());
  const purpose = tidy(text);
  return purpose === undefined ? {} : { purpose };
}
