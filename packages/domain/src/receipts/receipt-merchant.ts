/**
 * The merchant on a receipt (issue 33; DECISIONS.md #108): the first meaningful line of the
 * header, where shops print their name above the address. Lines that are greetings, addresses,
 * phone numbers, dates or OCR's specks are passed over.
 */
import { isMixedCase, titleCasePayee } from '../imports/payee-case';

/** Lines that are no name: a greeting alone, the word receipt, a street address, a phone number. */
const NOT_A_NAME = [
  /^(?:welcome|thank\s*you|receipt|sales\s+receipt|customer\s+copy|merchant\s+copy|invoice|order)\b/i,
  /^\d+\s+\p{L}+.*\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|hwy|highway|pl|place|ct|court)\b\.?/iu,
  /\b(?:tel|phone|ph)\b|\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}/i,
  /\b\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\b/,
];

/** "Welcome to Blue Bottle" names the shop after the greeting. */
const WELCOME_TO = /^welcome\s+to\s+/i;

/** Letters a line must have to be a name, not a speck or a row of dashes. */
const MIN_LETTERS = 3;

function cleaned(line: string): string {
  return line
    .replace(WELCOME_TO, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)&']+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function looksLikeName(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  const digits = line.match(/\d/g)?.length ?? 0;
  return letters >= MIN_LETTERS && letters > digits && !NOT_A_NAME.some((pattern) => pattern.test(line));
}

/** The merchant's name, title-cased when printed in capitals, or null when no line is one. */
export function findReceiptMerchant(lines: readonly string[]): string | null {
  for (const line of lines) {
    const name = cleaned(line);
    if (!looksLikeName(name)) continue;
    return isMixedCase(name) ? name : titleCasePayee(name);
  }
  return null;
}
