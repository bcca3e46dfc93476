import { describe, expect, it } from 'vitest';
import { accepts, answerKey } from './cached-reply';

describe('accepts (Accept-Encoding)', () => {
  it.each([
    ['gzip, deflate, br', 'gzip', true],
    ['gzip, deflate, br', 'br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip', true],
    ['*', 'br', true],
    ['GZIP', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['gzip;q=0.0, identity', 'gzip', false],
    ['br;q=0, gzip', 'br', false],
    ['identity', 'gzip', false],
    ['deflate, br', 'gzip', false],
    [undefined, 'br', false],
  ] as const)('%s accepts %s: %s', (header, coding, expected) => {
    expect(accepts(header, coding)).toBe(expected);
  });
});

describe('answerKey', () => {
  const today = { year: 2026, month: 11, day: 23 };
  const request = (params: object, query: object = {}) => ({
    routeOptions: { url: '/api/budgets/month/:month/year/:year' },
    params,
    query,
  });

  it('names the same answer for the same parsed params, however the URL spelled them', () => {
    expect(answerKey(request({ month: 1, year: 2026 }), today, 'UTC')).toBe(
      answerKey(request({ month: 1, year: 2026 }), today, 'UTC'),
    );
    expect(answerKey(request({ month: 1, year: 2026 }), today, 'UTC')).not.toBe(
      answerKey(request({ month: 2, year: 2026 }), today, 'UTC'),
    );
  });

  it('names a different answer on another day or in another time zone', () => {
    const key = answerKey(request({ month: 11, year: 2026 }), today, 'UTC');
    expect(answerKey(request({ month: 11, year: 2026 }), { ...today, day: 24 }, 'UTC')).not.toBe(key);
    expect(answerKey(request({ month: 11, year: 2026 }), today, 'America/New_York')).not.toBe(key);
  });
});
