import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides the token and the e-mail of a reset link', () => {
    expect(redactUrl('/reset-password/abcDEF123_-/cmVzZXRAZXhhbXBsZS5jb20')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/reset-password/abc/def?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/reset-password')).toBe('/api/reset-password');
  });

  it('hides secret query parameters and keeps the others as sent', () => {
    expect(redactUrl('/api/events?token=s3cret&month=2026-01')).toBe('/api/events?token=[redacted]&month=2026-01');
    expect(redactUrl('/cb?API_Token=a&code=b&state=c%20d&sig=e')).toBe('/cb?API_Token=[redacted]&code=[redacted]&state=c%20d&sig=[redacted]');
    expect(redactUrl('/x?%74oken=a')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?%zz=a')).toBe('/x?%zz=a');
  });

  it('leaves an ordinary URL alone', () => {
    expect(redactUrl('/api/transactions?month=2026-01&page=2')).toBe('/api/transactions?month=2026-01&page=2');
    expect(redactUrl('/reset-passwords')).toBe('/reset-passwords');
  });
});
