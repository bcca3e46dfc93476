/**
 * Refuses a new password that appears on a list of the most common ones (issue 12): `Password1`
 * is long enough for the length rule of DECISIONS.md #92 but is among the first guesses of any
 * attacker, and since that rule has no composition part this list is what refuses it. The list
 * is zxcvbn-ts's (about 49,000 passwords from breach corpora, all lower case), so the check
 * lowercases what it looks up: `Password1` is found as `password1`. The server's copy is the one
 * that decides; the web app loads the same list only lazily, for its strength meter.
 *
 * Kept compactly (issue 29, DECISIONS.md #105): `common-passwords.txt` beside this file (and
 * beside the bundle, apps/server/build.mjs) holds the list sorted bytewise and joined by newlines,
 * read into one 388 kB Buffer on first use and searched by bisection. Importing the package
 * instead put its compressed text into the bundle's source and decompressed 49,233 strings into
 * the heap at start-up. common-passwords.test.ts checks the file against the package.
 */
import { readFileSync } from 'node:fs';
import { MESSAGES } from '@mindspend/domain';
import { validationFailed } from './http-errors';

const NEWLINE = 0x0a;
let list: Buffer | undefined;

/** The list's file: next to this module in the sources, next to main.js in the build. */
export const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

/** The offset of the line that holds byte `at` (the byte after the previous newline). */
function lineStart(sorted: Buffer, at: number): number {
  const previous = sorted.lastIndexOf(NEWLINE, at - 1);
  return previous + 1;
}

/**
 * Whether `wanted` is one line of `sorted` (lines in bytewise order, joined by newlines): the
 * middle byte's line is compared each round, so about 16 rounds for 49,000 lines.
 */
export function sortedLinesInclude(sorted: Buffer, wanted: Buffer): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const start = lineStart(sorted, (low + high) >>> 1);
    const newline = sorted.indexOf(NEWLINE, start);
    const end = newline === -1 ? sorted.length : newline;
    const order = Buffer.compare(sorted.subarray(start, end), wanted);
    if (order === 0) return true;
    if (order < 0) low = end + 1;
    else high = start;
  }
  return false;
}

/** True when the password, in any letter case, is on the list. */
export function isCommonPassword(password: string): boolean {
  // Read on first use: most processes of the API tests never set a password.
  list ??= readFileSync(COMMON_PASSWORDS_FILE);
  const wanted = Buffer.from(password.toLowerCase());
  // A newline is never in a line: such a password cannot be on the list.
  return !wanted.includes(NEWLINE) && sortedLinesInclude(list, wanted);
}

/** Throws the 422 of a too-common password, on the field the form shows it under. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationFailed({ [field]: [MESSAGES.passwordTooCommon] });
}
