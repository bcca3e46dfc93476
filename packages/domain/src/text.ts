/**
 * Text that can be stored and read back as it was sent (issue 12). NUL cannot be stored in a
 * PostgreSQL text column, and a lone UTF-16 surrogate has no UTF-8 form, so the database would
 * keep U+FFFD instead: both are refused when a person sends them, and replaced when a bank or a
 * statement file does (a user cannot retype a bank's data, and their own backup must restore).
 */

export const TEXT_NOT_WELL_FORMED = 'Text must not contain NUL characters or unpaired surrogates.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whole text without NUL whose every surrogate is half of a pair, as a pattern for schemas. */
export const CLEAN_TEXT = /^(?:[^\0\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** True when the text has no NUL and every surrogate is half of a pair. */
export function isCleanText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/** Third-party text made storable: NUL dropped, each lone surrogate replaced by U+FFFD. */
export function cleanExternalText(value: string): string {
  return value.replace(/\0/g, '').replace(LONE_SURROGATES, '\uFFFD');
}
