/** Building blocks shared by every schema of the wire contract. */
import { z } from 'zod';
import { CLEAN_TEXT, type FieldErrors } from '@mindspend/domain';
import { MAX_ID, urlInteger } from './ledger-common';

/** Longest text any single-line field accepts; longer input is refused with a clear message. */
export const SHORT_TEXT_MAX = 255;
/** Longest free text (contact messages, notes). */
export const LONG_TEXT_MAX = 5000;

/** Sentences of a text field's own, for a schema read outside a route (an upload's JSON field). */
export interface TextMessages {
  notText?: string;
  tooLong?: string;
  notClean?: string;
}

/**
 * A string field, at most `max` characters, without NUL or a lone surrogate (which the database
 * cannot store as sent: domain text.ts): every text a person sends goes through it.
 */
export const text = (max = SHORT_TEXT_MAX, messages: TextMessages = {}) =>
  z
    .string(messages.notText === undefined ? undefined : { error: messages.notText })
    .max(max, messages.tooLong)
    .regex(CLEAN_TEXT, messages.notClean);

/** An optional single-line string field, at most `max` characters, without NUL characters. */
export const optionalText = (max = SHORT_TEXT_MAX) => text(max).optional();

/** Adds domain rule messages to a zod refinement context, one issue per message. */
export function addFieldErrors(ctx: z.RefinementCtx, errors: FieldErrors): void {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

const ID_RULE = `The id must be a whole number from 1 to ${MAX_ID}.`;

/**
 * Path parameter holding a positive integer id, within the database's integer range (see MAX_ID),
 * in plain digits (urlInteger): every route with an id in its path declares this one schema.
 */
export const idParams = z.object({ id: urlInteger(ID_RULE, 1, MAX_ID) });

/** `{ message }` answers. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The 422 answer of ARCHITECTURE.md convention 6. */
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;

/** The answer of a route that answers 204 with no body (a deletion, a sign-out). */
export const noContentResponse = z.null().describe('No content: done.');

/** A file download's answer (CSV, a JSON backup), described for the API document. */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string() } } };
}
