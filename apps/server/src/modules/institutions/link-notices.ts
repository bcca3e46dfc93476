/**
 * The provider's messages about a link, as `linked_institutions.notices` keeps them: a JSON array
 * of strings, or null for none. One reader and one writer, for the sync that stores them, the
 * webhook that adds one, and the answer that shows them (DECISIONS.md #106, #112).
 */

/** The stored column's messages; anything else reads as none. */
export function noticesOf(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The column's value for `notices`: null when there are none. */
export function storedNotices(notices: readonly string[]): string | null {
  return notices.length > 0 ? JSON.stringify(notices) : null;
}
