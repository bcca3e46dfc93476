/** Short display names for payees and payors (`name_short`, spec §3). */

/** Longest short name the ledger's Payee column shows in full. */
export const SHORT_NAME_MAX = 24;

const COMPANY_SUFFIX = /[,\s]+(inc|llc|l\.l\.c|ltd|co|corp|corporation|company|incorporated)\.?$/i;
const STORE_NUMBER = /\s*#\s*\d+\s*$/;

/**
 * Drops company suffixes and store numbers, then cuts at a word boundary so the short name fits
 * the ledger row; the full name stays available as the tooltip.
 */
export function shortEntityName(name: string): string {
  let short = name.trim().replace(/\s+/g, ' ');
  for (let previous = ''; previous !== short; ) {
    previous = short;
    short = short.replace(STORE_NUMBER, '').replace(COMPANY_SUFFIX, '').trim();
  }
  if (short === '') short = name.trim();
  if (short.length <= SHORT_NAME_MAX) return short;
  const cut = short.slice(0, SHORT_NAME_MAX + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 8 ? cut.slice(0, lastSpace) : short.slice(0, SHORT_NAME_MAX)).trim();
}
