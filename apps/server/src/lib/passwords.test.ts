/** The hash of an account without a password (single sign-on, DECISIONS.md #81). */
import { describe, expect, it } from 'vitest';
import { hashPassword, isUnusablePasswordHash, unusablePasswordHash, verifyPassword } from './passwords';

describe('an unusable password hash', () => {
  it('is marked, matches no password, and is new each time', async () => {
    const stored = await unusablePasswordHash();
    expect(isUnusablePasswordHash(stored)).toBe(true);
    expect(stored).toMatch(/^!\$argon2id\$/);
    for (const guess of ['', '!', stored, stored.slice(1), 'Mindful123']) expect(await verifyPassword(stored, guess)).toBe(false);
    expect(await unusablePasswordHash()).not.toBe(stored);
  });

  it('leaves a real hash alone', async () => {
    const stored = await hashPassword('Mindful123');
    expect(isUnusablePasswordHash(stored)).toBe(false);
    expect(await verifyPassword(stored, 'Mindful123')).toBe(true);
  });
});
