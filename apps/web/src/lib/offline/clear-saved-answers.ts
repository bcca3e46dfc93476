/**
 * Forgets every API answer the service worker saved (DECISIONS.md #34): on sign-out and when the
 * server says the session is over (401). The page can reach the worker's Cache Storage itself,
 * so this works whether or not a worker is running; the app shell stays cached.
 */
import { API_CACHE } from './cached-reads';
import { noteLiveAnswer } from './saved-answers';

export async function clearSavedAnswers(): Promise<void> {
  noteLiveAnswer();
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch (error) {
    // A browser that refuses storage access (private modes) has nothing saved either.
    console.warn('Could not clear the saved answers', error);
  }
}
