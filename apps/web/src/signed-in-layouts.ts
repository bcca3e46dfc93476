/**
 * The three layouts every signed-in screen sits in, nested in apps/web/src/router.tsx: the guard,
 * the sender of transactions kept while offline, and the book's money format. One module for the
 * router to load, so they arrive as one file with the first signed-in screen instead of three
 * small ones, each a request of its own (DECISIONS.md #115).
 */
export { RequireAuth } from './components/RequireAuth';
export { MoneyFormatBoundary } from './features/books/MoneyFormatBoundary';
export { SendWaitingEntries } from './features/transactions/waiting/SendWaitingEntries';
