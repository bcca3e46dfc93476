/**
 * Payee normalization: card terminals and ACH descriptors wrap the merchant's name in noise
 * ('POS PURCHASE SQ *BLUE BOTTLE #12 OAKLAND CA 11/04'). The entity name is what is left.
 */
import { isCurrencyCode } from '../currency/currency-code';
import { shortEntityName } from '../ledger/entity-names';
import { isMixedCase, titleCasePayee } from './payee-case';

export interface NormalizedPayee {
  /** The entity name: 'Fred Meyer'. */
  name: string;
  /** name_short for the ledger's Payee column. */
  nameShort: string;
}

/** What a payee with no usable name is called, so every row still has an entity. */
export const UNKNOWN_PAYEE = 'Unknown Payee';

// Longest first within each alternative, so 'POS DEBIT' is not cut to 'DEBIT'.
const PREFIXES = [
  /^(?:POS|DBT|DEBIT|CHECK ?CARD|VISA|MC|ATM)\s+(?:PURCHASE|DEBIT|WITHDRAWAL|WDL|PMT|TRANSACTION|CRD|CARD)\b(?:\s+\d{4}\b)?/,
  /^(?:DEBIT|CREDIT) CARD (?:PURCHASE|DEBIT|PMT|PAYMENT|REFUND|CREDIT)\b(?:\s+-)?/,
  /^(?:CHECK ?CARD|CHKCARD|DEBIT CARD|DBT CRD|DDA)\b(?:\s+\d{4}\b)?/,
  /^(?:RECURRING |)(?:PURCHASE|PAYMENT|REFUND) (?:AUTHORIZED|RETURN) ON \d{1,2}\/\d{1,2}\b/,
  /^(?:ACH|ELECTRONIC|EFT|ONLINE|MOBILE|PREAUTHORIZED|PRE-AUTH)\s+(?:DEBIT|CREDIT|WITHDRAWAL|PAYMENT|PMT|DEPOSIT|TRANSFER|PURCHASE)\b/,
  /^(?:DIRECT DEP(?:OSIT)?|DIR DEP)\b/,
  /^(?:POS|PURCHASE|PUR|ACH|RECURRING|DEBIT|WITHDRAWAL|PAYMENT TO|BILL PAYMENT|BILL PAY|ONLINE PAYMENT TO)\b/,
  /^(?:SQ|TST|PAYPAL|PP|SP|PY|CKO|IC|DD|DNH|GOOGLE|APL|APPLE PAY|BT|LS|WPY|SQU)\s?\*\s*/,
];

const ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/^(?:AMZN|AMAZON)(?:\s*MKTP|\s*MARKETPLACE|\.COM|\s*DIGITAL|\s*RETAIL)?\b.*$/, 'AMAZON'],
  [/^WM SUPERCENTER\b.*$/, 'WALMART'],
  [/^WAL-?MART\b.*$/, 'WALMART'],
];

const STATES = new Set(
  ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH ' +
    'OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR').split(' '),
);

/** First words of multi-word city names, removed with the city: SAN (Francisco), SALT LAKE (City). */
const CITY_LEAD = new Set(
  'SAN SANTA LOS LAS NEW ST SAINT FORT FT EL PALO SALT LAKE BATON CORPUS GRAND LONG NORTH SOUTH WEST EAST MOUNT MT PORT DES CEDAR COLORADO KANSAS OKLAHOMA JERSEY BEVERLY HUNTINGTON REDWOOD DALY MENLO WALNUT CULVER NEWPORT VIRGINIA PALM'.split(' '),
);

/** Long numbers: zip codes, reference numbers (the display rules take them as whole words, below). */
const LONG_NUMBERS = /\b\d{5,}\b/g;

const NOISE: RegExp[] = [
  /\b(?:X{2,}|\*{2,})\s?\d{2,}\b/g, // card numbers XXXX1234, ****1234
  /\bCARD\s*(?:#|NO\.?)?\s*\d{4}\b/g,
  /\(?\b\d{3}\)?[-. ]?\d{3}[-. ]\d{4}\b/g, // phone numbers
  /\b(?:REF|REFERENCE|CONF|CONFIRMATION|TRACE|ID|TXN|AUTH|INV|INVOICE)\s*(?:#|NO\.?|:)?\s*[A-Z0-9-]*\d[A-Z0-9-]*\b/g,
  /#\s*[A-Z0-9-]*\d[A-Z0-9-]*/g, // #1234 store and reference numbers
  /\b(?:STORE|STR|STE|LOC|UNIT|NO\.?)\s*#?\s*\d+\b/g,
  /\*\s*[A-Z0-9]*\d[A-Z0-9]*\b/g, // AMAZON.COM*2K3L45J order ids
  /\*/g, // UBER *TRIP: the star only separates the merchant from its descriptor
  /\s(?:DES|INDN|CO ID|PPD ID|WEB ID|ID):.*$/, // Bank of America ACH descriptors: DES:… ID:…
  /\b(?=[A-Z]*\d[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{6,}\b/g, // mixed reference tokens: F12345, 2K3L45J
  /\s\S+\.(?:COM|NET|ORG|IO|CO)\b\S*/g, // a help-line URL after the name: HELP.UBER.COM
  /\.(?:COM|NET|ORG)\b/g, // NETFLIX.COM is Netflix
  /\b\d{1,2}(?::\d{2})?\s?(?:AM|PM)\b/g, // times: 7PM
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g, // dates 11/04, 11/04/26
  LONG_NUMBERS,
];

/** JavaScript's \b knows only A–Z: in 'MÜNCHEN12345' it finds a word edge after the Ü. */
const UNICODE_WORD_EDGE = String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`;
const withUnicodeWordEdges = (pattern: RegExp) => new RegExp(pattern.source.replaceAll(String.raw`\b`, UNICODE_WORD_EDGE), `${pattern.flags}u`);

/**
 * A number of five digits or more, with the dashes, dots and slashes written inside it, taken as
 * a whole word: '650-3198939', '12345-6789', '0.92543'. Cutting only its digits at a '-' or '.'
 * left fragments such as '650-' and '0.' in the name (issue 34).
 */
const LONG_NUMBER_WORD = /(?<=^|\s)[+(]?(?=(?:[^\d\s]*\d){5})[\d\-./()+]+(?=[,;:]?(?:\s|$))/gu;

/** A two-letter code right after such a number, at the end. */
const STATE_AFTER_LONG_NUMBER = /(?<=\s[+(]?(?=(?:[^\d\s]*\d){5})[\d\-./()+]+)\s+([A-Z]{2})$/u;

/** The noise rules of a readable name: whole words only, and long numbers with their separators. */
const READABLE_NOISE: RegExp[] = NOISE.map((pattern) => (pattern === LONG_NUMBERS ? LONG_NUMBER_WORD : withUnicodeWordEdges(pattern)));

/** '9.95 USD', '1 USD': an amount with its currency code (a card's foreign-currency descriptor). */
const AMOUNT_WITH_CURRENCY = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s?([A-Z]{3})(?![\p{L}\p{N}])/gu;

/** Country codes card descriptors put after a comma: 'CLOUDFLARE, US'. */
const COUNTRIES = new Set('US GB UK IE DE FR NL BE LU ES IT PT AT CH SE NO DK FI PL CZ CA AU NZ'.split(' '));

/**
 * What removing numbers leaves around them: 'CLOUDFLARE , US , , = ' → 'CLOUDFLARE'. Commas
 * rejoin the word before them, repeated ones fold, a lone '=' of an exchange rate goes, and a
 * country or state code after the last comma goes as a city and state do.
 */
function tidyAfterNoise(text: string): string {
  const tidied = text
    .replace(/\s+(?=[,;:])/g, '')
    .replace(/([,;:])[,;:=\s]*(?=[,;:])/g, '')
    .replace(/(?<=^|\s)=(?=\s|$)/g, ' ')
    .replace(/[\s,;:=]+$/, '');
  const suffix = /,\s*([A-Z]{2})$/.exec(tidied);
  return suffix && (COUNTRIES.has(suffix[1] as string) || STATES.has(suffix[1] as string)) ? tidied.slice(0, suffix.index) : tidied;
}

/** Removes a trailing 'CITY ST' (state code last), keeping at least the first word. */
function stripCityState(words: string[]): string[] {
  const last = words[words.length - 1];
  if (words.length < 3 || last === undefined || !STATES.has(last)) return words;
  const rest = words.slice(0, -1);
  rest.pop(); // the city's last word
  while (rest.length > 1 && CITY_LEAD.has(rest[rest.length - 1] as string)) rest.pop();
  return rest;
}

/** Payment-channel words banks append after the name: 'T-MOBILE AUTO PAY', 'PGE WEB ONLINE'. */
const TRAILING_WORDS = new Set(
  'WEB PPD CCD TEL ONLINE PMT PYMT PAYMENT PAYMENTS AUTOPAY AUTO PAY BILL BILLPAY EPAY RECURRING DEBIT ACH PURCHASE MON TUE WED THU FRI SAT SUN'.split(' '),
);

/** Drops trailing MMDD dates (1104), terminal ids and payment-channel words after the name. */
function stripTrailingNumbers(words: string[]): string[] {
  const out = [...words];
  for (;;) {
    const last = out[out.length - 1] as string;
    if (out.length <= 1 || !(/^(?:\d{4,}|\d{1,2}\/\d{1,2}|[-*#/&]+)$/.test(last) || TRAILING_WORDS.has(last))) return out;
    out.pop();
  }
}

/**
 * Which of the clean-up rules apply. A payee's display name takes them all; its key
 * (payeeKey) leaves out those added after keys were first stored, because de-duplication keys
 * of rows already imported and the payee history were computed without them: a rule that changed
 * the key would make an overlapping re-import add those rows a second time (DECISIONS.md #41).
 */
interface CleanUpRules {
  /** 'CHECK 2002' → 'Check 2002' instead of the bare 'Check' (issue 17). */
  keepCheckNumbers: boolean;
  /** 'WITHDRAWAL FROM AMERICAN EXPRESS' → 'American Express', not 'from American Express' (issue 17). */
  dropChannelPreposition: boolean;
  /**
   * Numbers go as whole words, with what they leave behind, and a foreign-currency descriptor
   * ('9.95 USD, 1 USD = 0.9254 EUR') goes: never '650- , US … 0. Eur' (issue 34).
   */
  readableNumbers: boolean;
}

const DISPLAY_RULES: CleanUpRules = { keepCheckNumbers: true, dropChannelPreposition: true, readableNumbers: true };
const KEY_RULES: CleanUpRules = { keepCheckNumbers: false, dropChannelPreposition: false, readableNumbers: false };

function cleanUpper(raw: string, rules: CleanUpRules): string {
  let text = raw.toUpperCase().replace(/\s+/g, ' ').trim();
  const original = text;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    for (const prefix of PREFIXES) text = text.replace(prefix, '').trim();
    text = text.replace(/^[-*:#.\s]+/, '');
    // 'WITHDRAWAL FROM AMERICAN EXPRESS': once a channel word is gone, so is its 'from' or 'to'.
    if (rules.dropChannelPreposition && text !== original) text = text.replace(/^(?:FROM|TO|AT)\s+(?=\S)/, '');
  }
  for (const [pattern, name] of ALIASES) if (pattern.test(text)) return name;
  // A state code right after a phone number or URL has no city before it.
  text = text.replace(/(?:\s\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}|\.COM\S*)\s+[A-Z]{2}$/, (whole) => whole.replace(/\s+[A-Z]{2}$/, ''));
  if (rules.readableNumbers) {
    // As after a phone number: 'STEAM GAMES 425-9522985 WA' has no city before its state.
    text = text.replace(STATE_AFTER_LONG_NUMBER, (whole, state: string) => (STATES.has(state) ? whole.slice(0, -state.length) : whole));
    text = text.replace(AMOUNT_WITH_CURRENCY, (whole, code: string) => (isCurrencyCode(code) ? ' ' : whole));
    for (const pattern of READABLE_NOISE) text = text.replace(pattern, ' ');
    text = tidyAfterNoise(text);
  } else {
    for (const pattern of NOISE) text = text.replace(pattern, ' ');
  }
  let words = text.replace(/\s+/g, ' ').trim().split(' ').filter((w) => w !== '');
  for (let previous = -1; previous !== words.length; ) {
    previous = words.length;
    words = stripCityState(stripTrailingNumbers(words));
  }
  return words.join(' ').replace(/[\s\-*,.:;/]+$/, '').replace(/^[\s\-*,.:;/]+/, '');
}

// Statements repeat the same payees; remembering recent answers makes a 100,000-row import cheap.
const CACHE_LIMIT = 10_000;
const cache = new Map<string, NormalizedPayee>();

/** The entity name and name_short for a raw bank payee; 'Unknown Payee' when nothing is left. */
export function normalizePayee(raw: string): NormalizedPayee {
  const known = cache.get(raw);
  if (known) return { ...known };
  const result = computeNormalizedPayee(raw, DISPLAY_RULES);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(raw, result);
  return { ...result };
}

/** 'CHECK 2002', 'CHK #2002', 'Cheque 2002': the check number is the only name such a row has. */
const CHECK = /^\s*(?:CHECK|CHK|CHEQUE|CHECK\s+NO\.?|CHECK\s+NUMBER)\s*#?\s*(\d{1,10})\s*$/i;

function computeNormalizedPayee(raw: string, rules: CleanUpRules): NormalizedPayee {
  const check = rules.keepCheckNumbers ? CHECK.exec(raw) : null;
  if (check) {
    const name = `Check ${String(Number(check[1]))}`;
    return { name, nameShort: shortEntityName(name) };
  }
  const mixedCase = isMixedCase(raw);
  const cleaned = cleanUpper(raw, rules);
  let name: string;
  if (cleaned === '') {
    // Nothing but noise ('CHECK 1042'): the bank's words are still better than no name.
    const plain = raw.trim().replace(/\s+/g, ' ');
    name = plain === '' ? UNKNOWN_PAYEE : mixedCase ? plain : titleCasePayee(plain);
  } else if (mixedCase) {
    // Keep the person's or bank's own casing ('Trader Joe's') for the words that survived.
    name = matchOriginalCase(raw, cleaned);
  } else {
    name = titleCasePayee(cleaned);
  }
  return { name, nameShort: shortEntityName(name) };
}

/** Re-finds the cleaned words in a mixed-case original so 'iTunes' stays 'iTunes'. */
function matchOriginalCase(raw: string, cleaned: string): string {
  const source = raw.replace(/\s+/g, ' ');
  const index = source.toUpperCase().indexOf(cleaned);
  if (index === -1) return titleCasePayee(cleaned);
  const found = source.slice(index, index + cleaned.length);
  // The bank's capitals around its own lower-case words ('Withdrawal from AMERICAN EXPRESS').
  return /\p{Ll}/u.test(found) ? found : titleCasePayee(found);
}

/**
 * Lower-case, punctuation-free key of a payee ('fred meyer'): the same merchant written with a
 * different store number, date or city gets the same key, for de-duplication and payee history.
 */
export function payeeKey(raw: string): string {
  let key = keyCache.get(raw);
  if (key === undefined) {
    if (keyCache.size >= CACHE_LIMIT) keyCache.clear();
    key = keyOf(computeNormalizedPayee(raw, KEY_RULES).name);
    keyCache.set(raw, key);
  }
  return key;
}

const keyCache = new Map<string, string>();

function keyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
