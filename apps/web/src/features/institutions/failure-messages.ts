/** What a failed bank-linking step shows (spec §8 catalogue, or Plaid's script not loading). */
import { relinkRequiredBody, type RelinkRequiredBody } from '@mindspend/api-contract';
import { ApiError } from '../../lib/api-client';
import { messageOf, UNEXPECTED_ERROR } from '../../lib/errors';
import { PlaidLoadError } from './plaid-link';

export function failureMessages(failure: unknown): string[] {
  if (failure instanceof PlaidLoadError) return [failure.message];
  if (failure instanceof ApiError) return failure.messages;
  return [UNEXPECTED_ERROR];
}

/**
 * A SimpleFIN link refused (DECISIONS.md #106, #112): the server's words say what to do — a bad or
 * used token (400), no SimpleFIN here (409), a Bridge that failed (502) — so they are shown as
 * they are; anything else as §8 says.
 */
export function simplefinFailureMessages(failure: unknown): string[] {
  if (failure instanceof ApiError && [400, 409, 502].includes(failure.status)) {
    const message = messageOf(failure.body);
    if (message) return [message];
  }
  return failureMessages(failure);
}

/** Spec §8: an import answering 403 with `{ message, institution_id }` asks for a re-link. */
export function relinkRequest(failure: unknown): RelinkRequiredBody | null {
  if (!(failure instanceof ApiError) || failure.status !== 403) return null;
  const parsed = relinkRequiredBody.safeParse(failure.body);
  return parsed.success ? parsed.data : null;
}
