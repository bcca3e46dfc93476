import { describe, expect, it } from 'vitest';
import { consentState } from './bank-consent';

describe('consentState (DECISIONS.md #111)', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('is valid without an expiry, or more than 7 days ahead', () => {
    expect(consentState(null, now)).toBe('valid');
    expect(consentState('2026-11-27T12:00:01Z', now)).toBe('valid');
    expect(consentState('2027-05-01T00:00:00Z', now)).toBe('valid');
  });

  it('asks for renewal within the last 7 days', () => {
    expect(consentState('2026-11-27T12:00:00Z', now)).toBe('renew_soon');
    expect(consentState('2026-11-20T12:00:01Z', now)).toBe('renew_soon');
  });

  it('has lapsed at and after the moment it ends', () => {
    expect(consentState('2026-11-20T12:00:00Z', now)).toBe('lapsed');
    expect(consentState('2026-10-01T00:00:00Z', now)).toBe('lapsed');
  });

  it('reads an unreadable expiry as none rather than locking the link out', () => {
    expect(consentState('not a date', now)).toBe('valid');
  });
});
