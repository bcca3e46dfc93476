/** Building blocks shared by every schema of the wire contract. */
import { z } from 'zod';
import type { FieldErrors } from '@mindspend/domain';

/** Longest text any single-line field accepts; longer input is refused with a clear message. */
export const SHORT_TEXT_MAX = 255;
/** Longest free text (contact messages, notes). */
export const LONG_TEXT_MAX = 5000;

/** No person types a NUL character, and PostgreSQL text columns cannot store one. */
const WITHOUT_NUL = /^[^\0]*$/;

/** An optional single-line string field, at most `max` characters, without NUL characters. */
export const optionalText = (max = SHORT_TEXT_MAX) => z.string().max(max).regex(WITHOUT_NUL).optional();

/** Adds domain rule messages to a zod refinement context, one issue per message. */
export function addFieldErrors(ctx: z.RefinementCtx, errors: FieldErrors): void {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Path parameter holding a positive integer id. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

/** `{ message }` answers. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The 422 answer of ARCHITECTURE.md convention 6. */
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;
