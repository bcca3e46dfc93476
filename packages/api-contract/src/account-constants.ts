/**
 * The account rules' words, without the schemas: a module with no zod in it, so a screen that
 * needs only these (the ledger's account panel) does not load the validation library
 * (DECISIONS.md #32). accounts.ts re-exports them.
 */
export const ACCOUNT_TYPE_REQUIRED = 'Account type is not selected.';
export const ACCOUNT_NAME_REQUIRED = 'The name field is required.';
/** The checking subtype that behaves like a card and shows a limit (spec §1). */
export const CREDIT_CARD_SUBTYPE = 'credit card';
