/**
 * The compact common-password list (DECISIONS.md #105) answers as the package's list did: same
 * passwords refused, any letter case, and nothing else.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE, isCommonPassword, sortedLinesInclude } from './common-passwords';

/** The file's content made from the package: lower case, bytewise order, one per line. */
function fromPackage(): Buffer {
  const lines = dictionary['passwords-common'].map((password) => Buffer.from(password.toLowerCase()));
  lines.sort(Buffer.compare);
  return Buffer.from(lines.map((line) => line.toString()).join('\n'));
}

describe('the common-password list', () => {
  it('is the package’s list, sorted (UPDATE_COMMON_PASSWORDS=1 writes it after an upgrade)', () => {
    const expected = fromPackage();
    if (process.env.UPDATE_COMMON_PASSWORDS === '1') writeFileSync(COMMON_PASSWORDS_FILE, expected);
    expect(readFileSync(COMMON_PASSWORDS_FILE).equals(expected)).toBe(true);
  });

  it('refuses Password1 and other listed passwords in any letter case', () => {
    for (const password of ['Password1', 'password1', 'PASSWORD1', 'qwerty', 'Dragon', 'letmein', '123456']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts a strong password, and what only starts or ends like a listed one', () => {
    for (const password of ['correct horse battery staple', 'Mindful-Budget-2026!', 'password1x', 'xpassword1', '', 'pass\nword1']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('finds every one of the package’s passwords, the first and the last line included', () => {
    const all = dictionary['passwords-common'];
    expect(all.length).toBeGreaterThan(49_000);
    expect(all.filter((password) => !isCommonPassword(password))).toEqual([]);
  });

  it('bisects lines of any length, at both ends and between them', () => {
    const sorted = Buffer.from(['a', 'abc', 'b', 'bb', 'zzzz'].join('\n'));
    for (const line of ['a', 'abc', 'b', 'bb', 'zzzz']) expect(sortedLinesInclude(sorted, Buffer.from(line)), line).toBe(true);
    for (const line of ['', 'ab', 'ba', 'c', 'zzz', 'zzzzz', '0']) expect(sortedLinesInclude(sorted, Buffer.from(line)), line).toBe(false);
  });
});
