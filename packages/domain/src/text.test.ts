import { describe, expect, it } from 'vitest';
import { CLEAN_TEXT, cleanExternalText, isCleanText } from './text';

describe('clean text (issue 12)', () => {
  it('refuses NUL and lone surrogates, accepts pairs and ordinary text', () => {
    expect(isCleanText('Café 😀 ok')).toBe(true);
    expect(isCleanText('')).toBe(true);
    expect(isCleanText('a\0b')).toBe(false);
    expect(isCleanText('a\ud800b')).toBe(false);
    expect(isCleanText('a\udc00b')).toBe(false);
    expect(isCleanText('\ud83d')).toBe(false);
    expect(isCleanText('\ude00\ud83d')).toBe(false);
    for (const value of ['Café 😀 ok', '', 'a\0b', 'a\ud800b', 'a\udc00b', '\ud83d', '\ude00\ud83d', '😀😀'])
      expect(CLEAN_TEXT.test(value), JSON.stringify(value)).toBe(isCleanText(value));
  });

  it('drops NUL and replaces each lone surrogate from a bank or a file, keeping pairs', () => {
    expect(cleanExternalText('Acme\0 Bank')).toBe('Acme Bank');
    expect(cleanExternalText('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(cleanExternalText('😀\ud83d')).toBe('😀\ufffd');
    expect(isCleanText(cleanExternalText('x\0\ud800\udfff\udc00'))).toBe(true);
  });
});
