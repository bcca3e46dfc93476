/**
 * The wire names of books (issue 25, DECISIONS.md #73) that the page and the service worker both
 * need. Kept apart from ./book.ts, which holds the page's choice and would bring the session into
 * the worker's bundle.
 */
import type { BOOK_HEADER as CONTRACT_BOOK_HEADER } from '@mindspend/api-contract';

/**
 * The header naming the book a request acts in. Typed by the contract's constant, which is not
 * imported as a value: that would bring the contract's zod schemas into the entry chunk.
 */
export const BOOK_HEADER: typeof CONTRACT_BOOK_HEADER = 'Mindspend-Book';

/** The server's 404 message for a book the person does not (or no longer) belong to. */
export const BOOK_NOT_FOUND = 'Book not found.';
