/**
 * Which answers on screen came from the device rather than the server (DECISIONS.md #34): the
 * API client notes each one, the offline banner reads them. Any answer from the server means the
 * connection is back, and the note is dropped.
 */
import { createExternalStore } from '../external-store';

export interface SavedAnswers {
  /** When the oldest answer shown from the device was saved, or null when all came live. */
  oldestSavedAt: Date | null;
}

const NONE: SavedAnswers = { oldestSavedAt: null };

export const savedAnswersStore = createExternalStore<SavedAnswers>(NONE);

/** An answer came from the device, saved at `savedAt` (the worker's header, ISO 8601). */
export function noteSavedAnswer(savedAt: string): void {
  const time = new Date(savedAt);
  if (Number.isNaN(time.getTime())) return;
  const { oldestSavedAt } = savedAnswersStore.get();
  if (oldestSavedAt && oldestSavedAt <= time) return;
  savedAnswersStore.set({ oldestSavedAt: time });
}

/** An answer came from the server: what is shown is live again. */
export function noteLiveAnswer(): void {
  if (savedAnswersStore.get().oldestSavedAt !== null) savedAnswersStore.set(NONE);
}

