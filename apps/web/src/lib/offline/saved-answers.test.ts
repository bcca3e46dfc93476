import { beforeEach, describe, expect, it } from 'vitest';
import { formatSavedAt, noteLiveAnswer, noteSavedAnswer, savedAnswersStore } from './saved-answers';

describe('the time the banner shows', () => {
  beforeEach(() => noteLiveAnswer());

  it('is the oldest of the saved answers on screen, so nothing shown is older than it says', () => {
    noteSavedAnswer('2026-11-24T10:00:00.000Z');
    noteSavedAnswer('2026-11-24T08:30:00.000Z');
    noteSavedAnswer('2026-11-24T12:00:00.000Z');
    expect(savedAnswersStore.get().oldestSavedAt?.toISOString()).toBe('2026-11-24T08:30:00.000Z');
  });

  it('ignores a header that is not a time', () => {
    noteSavedAnswer('yesterday');
    expect(savedAnswersStore.get().oldestSavedAt).toBeNull();
  });

  it('shows the time alone for today and the date with it otherwise, in the given locale', () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(formatSavedAt(new Date(2026, 10, 24, 9, 5), now, 'en-US')).toBe('9:05 AM');
    expect(formatSavedAt(new Date(2026, 10, 24, 9, 5), now, 'de-DE')).toBe('09:05');
    expect(formatSavedAt(new Date(2026, 10, 20, 21, 40), now, 'en-US')).toMatch(/^Nov 20, 2026,? (at )?9:40\sPM$/);
  });
});
