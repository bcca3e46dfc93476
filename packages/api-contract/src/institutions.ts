/** Banks linked through a bank-data provider (DECISIONS.md #8). */
import { z } from 'zod';

export const institutionSchema = z.object({ id: z.number().int(), name: z.string(), account_count: z.number().int() });
export type Institution = z.infer<typeof institutionSchema>;

export const institutionsResponse = z.object({
  provider_configured: z.boolean(),
  institutions: z.array(institutionSchema),
});
export type InstitutionsResponse = z.infer<typeof institutionsResponse>;
