import { beforeEach, describe, expect, it } from 'vitest';
import { noteLiveAnswer, noteSavedAnswer, savedAnswersStore } from './saved-answers';

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

});
