/**
 * Title case for payee names that banks write in capitals: 'FRED MEYER' → 'Fred Meyer'. Letters
 * are told apart by Unicode class, not by A–Z, so accented capitals are cased as letters:
 * 'ÉPARGNE LOGEMENT' → 'Épargne Logement', 'ÜBERWEISUNG' → 'Überweisung' (issue 34).
 */

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'de', 'la', 'n']);

/** Names people write in capitals; a short all-consonant word (CVS, QFC, BP) is kept too. */
const ACRONYMS = new Set([
  'ATM', 'USA', 'US', 'CVS', 'BP', 'AT&T', 'ATT', 'KFC', 'IHOP', 'TJ', 'UPS', 'USPS', 'IKEA', 'HBO', 'AMC', 'PG&E',
  'PGE', 'ARCO', 'REI', 'H&M', 'DMV', 'IRS', 'HSA', 'TV', 'DSW', 'QFC', 'NYC', 'LA', 'ACH', 'IRA', 'YMCA', 'CPK',
  'AAA', 'HEB', 'BJS', 'ABC', 'NBC', 'CBS', 'ESPN', 'GNC', 'JCPENNEY', 'TJMAXX', 'DBA', 'LLC', 'NW', 'SE', 'SW', 'NE',
]);

const VOWELS = /[AEIOUY]/;

function capitalize(word: string): string {
  // Letters after a hyphen, a dot or an opening bracket start a part of their own: T-Mobile,
  // 7-Eleven, TPAY <Deftpymt>.
  return word.toLowerCase().replace(/(^|[-./<(])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function caseWord(word: string, first: boolean): string {
  // CVS/PHARMACY, 7-ELEVEN: each part is cased on its own.
  if (/[\p{L}\p{N}&'][-/][\p{L}\p{N}]/u.test(word)) {
    return word.split(/([-/])/).map((part, i) => (i % 2 === 1 ? part : casePart(part, first && i === 0))).join('');
  }
  return casePart(word, first);
}

function casePart(word: string, first: boolean): string {
  const bare = word.replace(/[^\p{L}\p{N}&]/gu, '').toUpperCase();
  if (ACRONYMS.has(bare) && !(bare === 'LA' && !first)) return word.toUpperCase();
  // Accents are taken off (NFD) before looking for vowels: 'ÉTÉ' is a word, 'ČSOB' an acronym.
  if (/^\p{Lu}{2,4}$/u.test(bare) && !VOWELS.test(bare.normalize('NFD'))) return word.toUpperCase();
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  // McDonald's, not Mcdonald's.
  if (/^mc[a-z]{2,}/.test(lower)) return 'Mc' + capitalize(lower.slice(2));
  return capitalize(lower);
}

/** True when a text has both lower-case and capital letters, in any script: 'Überweisung'. */
export function isMixedCase(text: string): boolean {
  return /\p{Ll}/u.test(text) && /\p{Lu}/u.test(text);
}

/** Title-cases a name only when it is all capitals or all lower case; mixed case is kept as is. */
export function titleCasePayee(name: string): string {
  if (isMixedCase(name)) return name;
  return name
    .split(' ')
    .map((word, index) => caseWord(word, index === 0))
    .join(' ');
}
