/**
 * Refuses a new password that appears on a list of the most common ones (issue 12): `Password1`
 * is long enough for the length rule of DECISIONS.md #92 but is among the first guesses of any
 * attacker, and since that rule has no composition part this list is what refuses it. The list
 * is zxcvbn-ts's (about 49,000 passwords from breach corpora, all lower case), so the check
 * lowercases what it looks up: `Password1` is found as `password1`. The server's copy is the one
 * that decides; the web app loads the same list only lazily, for its strength meter.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@mindspend/domain';
import { validationFailed } from './http-errors';

let common: ReadonlySet<string> | undefined;

/** True when the password, in any letter case, is on the list. */
export function isCommonPassword(password: string): boolean {
  // Built on first use: most processes of the API tests never set a password.
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** Throws the 422 of a too-common password, on the field the form shows it under. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw validationFailed({ [field]: [MESSAGES.passwordTooCommon] });
}
