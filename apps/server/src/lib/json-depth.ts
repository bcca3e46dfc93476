/**
 * How deeply a JSON text nests, read from the text itself before anything parses or walks it
 * (issue 28): JSON.parse takes thousands of levels, but whatever then walks the value recursively
 * (the clean-text guard, schemas) runs out of stack on them.
 */

/** Deepest nesting of arrays and objects a request body may have; real bodies use under ten. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** The index just past the string whose opening quote is at `start` (the text's end when unclosed). */
function endOfString(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/**
 * True when the arrays and objects of `text` nest deeper than `limit`, brackets inside strings not
 * counted. One pass, no recursion, and it stops at the first level too many; text that is not
 * JSON gives an answer too, and the parser then refuses it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index = endOfString(text, index);
      continue;
    }
    if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
    index += 1;
  }
  return false;
}
