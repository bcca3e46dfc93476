import { describe, expect, it } from 'vitest';
import { decodeBase64Segment } from './base64';

describe('reset link e-mail segment (spec §2.1)', () => {
  it('decodes base64 and base64url, with or without padding', () => {
    const email = 'ada+budget@example.com';
    const standard = btoa(email);
    const url = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeBase64Segment(standard)).toBe(email);
    expect(decodeBase64Segment(url)).toBe(email);
  });

  it('decodes UTF-8 addresses', () => {
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode('zoë@example.com')));
    expect(decodeBase64Segment(encoded)).toBe('zoë@example.com');
  });

  it('leaves a segment that is not base64 as it is', () => {
    expect(decodeBase64Segment('not base64!')).toBe('not base64!');
  });
});
