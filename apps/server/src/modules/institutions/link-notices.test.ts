import { describe, expect, it } from 'vitest';
import { noticesOf, storedNotices } from './link-notices';

describe('a link’s stored notices', () => {
  it('reads back what was stored, and stores none as null', () => {
    const notices = ['Renew access to Nordea before 3 Dec', 'Re-link needed'];
    expect(noticesOf(storedNotices(notices))).toEqual(notices);
    expect(storedNotices([])).toBeNull();
    expect(noticesOf(null)).toEqual([]);
  });

  it('reads a damaged column as no notices rather than failing the list of banks', () => {
    expect(noticesOf('{not json')).toEqual([]);
    expect(noticesOf('{"a":1}')).toEqual([]);
    expect(noticesOf('["kept", 3, null]')).toEqual(['kept']);
  });
});
