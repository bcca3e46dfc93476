/**
 * What the books module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export { insertBook, PERSONAL_BOOK_NAME } from './books.repo';
export { releaseSharedBooks } from './books.service';
export { findLiveInvitation } from './invitations.repo';
