import { describe, expect, it } from 'vitest';
import { formatRecentTime } from './recent-time';

describe('a recent moment as the offline banner and the notifications show it', () => {
  it('shows the time alone for today and the date with it otherwise, in the given locale', () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(formatRecentTime(new Date(2026, 10, 24, 9, 5), now, 'en-US')).toBe('9:05 AM');
    expect(formatRecentTime(new Date(2026, 10, 24, 9, 5), now, 'de-DE')).toBe('09:05');
    expect(formatRecentTime(new Date(2026, 10, 20, 21, 40), now, 'en-US')).toMatch(/^Nov 20, 2026,? (at )?9:40\sPM$/);
  });
});
