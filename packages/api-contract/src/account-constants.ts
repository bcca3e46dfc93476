/**
 * The account rules' words, without the schemas: a module with no zod in it, so a screen that
 * needs only these (the ledger's account panel) does not load the validation library
 * (DECISIONS.md #32). accounts.ts re-exports them.
 */
export const ACCOUNT_TYPE_REQUIRED = 'Account type is not selected.';
export const ACCOUNT_NAME_REQUIRED = 'The name field is required.';
/** The checking subtype that behaves like a card and shows a limit (spec §1). */
export const CREDIT_CARD_SUBTYPE = 'credit card';

/** `private: true` in a personal book, which has nobody to keep an account from (DECISIONS.md #84). */
export const PRIVATE_NEEDS_SHARED_BOOK = 'Only an account in a shared book can be private.';
/** Making a shared account private hides it from everyone else: only the member who added it may. */
export const ONLY_CREATOR_MAKES_PRIVATE = 'Only the member who added this account can make it private.';
