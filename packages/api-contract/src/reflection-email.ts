/** The monthly reflection e-mail's unsubscribe link (docs/DECISIONS.md #60). */
import { z } from 'zod';

/** A missing or malformed token answers the link's own "not valid" page, not a validation error. */
export const unsubscribeQuery = z.object({ token: z.string().max(2000).optional() });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuery>;
