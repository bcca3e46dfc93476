/** The regret radar on a ledger row (issue 16; docs/DECISIONS.md #57). */
import { z } from 'zod';

/**
 * Why a row is flagged: of the `count` purchases with a feeling at the payee (or in the
 * sub-category) in the 6 months before the row's date, `regretted` carry 'Regretted it'.
 */
export const regretWarningSchema = z.object({
  /** Percent of `count` regretted, one decimal (at least 50). */
  rate: z.number(),
  /** Purchases with a feeling the rate rests on (at least 3). */
  count: z.number().int(),
  /** Of those, regretted. */
  regretted: z.number().int(),
  /** 'payee' when the payee has enough feelings of its own, otherwise 'subcategory'. */
  basis: z.enum(['payee', 'subcategory']),
  /** The payee's or sub-category's id and name. */
  id: z.number().int(),
  name: z.string(),
  /** 'You regretted 4 of your last 5 purchases at Corner Bar.' */
  sentence: z.string(),
});
export type RegretWarningWire = z.infer<typeof regretWarningSchema>;
