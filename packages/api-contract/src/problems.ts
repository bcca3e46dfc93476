/**
 * The answer of a refused request (ARCHITECTURE.md convention 6): one sentence for a person, and
 * nothing of the server's internals. A failed validation answers `validationErrorResponse`
 * (common.ts), the same with each field's messages.
 */
import { z } from 'zod';

export const problemResponse = z.object({
  message: z.string().describe('What went wrong, in a sentence to show a person.'),
});
export type ProblemResponse = z.infer<typeof problemResponse>;
