import { describe, expect, it } from 'vitest';
import { TokenCipher } from './token-cipher';

describe('TokenCipher', () => {
  const cipher = new TokenCipher('plaid-secret');
  const token = 'access-sandbox-1234-abcd';

  it('reads back what it sealed, without the token showing in the stored value', () => {
    const sealed = cipher.encrypt(token);
    expect(sealed).not.toContain(token);
    expect(cipher.decrypt(sealed)).toBe(token);
  });

  it('seals the same token differently each time (fresh IV)', () => {
    expect(cipher.encrypt(token)).not.toBe(cipher.encrypt(token));
  });

  it('detects a changed value', () => {
    const sealed = cipher.encrypt(token);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v1.${bytes.toString('base64')}`)).toThrow();
  });

  it('cannot be read with another secret', () => {
    expect(() => new TokenCipher('another-secret').decrypt(cipher.encrypt(token))).toThrow();
  });

  it('refuses an unknown format', () => {
    expect(() => cipher.decrypt(token)).toThrow(/Unknown format/);
  });
});
