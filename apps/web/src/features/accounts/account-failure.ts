import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';

/**
 * A failed account save: the refusal of its currency (an account with transactions keeps it,
 * DECISIONS.md #90) goes under the Currency select, every other message above the form (spec §8).
 */
export function accountFailure(error: unknown): { messages: string[]; currency: string | undefined } {
  if (!(error instanceof ApiError)) return { messages: [UNEXPECTED_ERROR], currency: undefined };
  const currency = error.fieldErrors.currency?.[0];
  return { messages: error.messages.filter((message) => message !== currency), currency };
}
