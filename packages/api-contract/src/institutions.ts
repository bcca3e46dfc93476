/**
 * Banks linked through a bank-data provider (DECISIONS.md #8: Plaid when PLAID_CLIENT_ID and
 * PLAID_SECRET are set; otherwise none, and the page says so). Linking runs the provider's own
 * Link widget in the browser with a one-time link token; the public token it hands back is
 * exchanged on the server, which alone ever holds the provider's access token.
 */
import { z } from 'zod';
import { text } from './common';
import { referenceId } from './ledger-common';
import { transactionSchema } from './transactions';

export const institutionStatusValues = ['connected', 'relink_required'] as const;

export const institutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_count: z.number().int(),
  /** 'relink_required' when the bank asks the person to sign in again (the Link widget in update mode). */
  status: z.enum(institutionStatusValues),
  last_synced_at: z.string().nullable(),
});
export type Institution = z.infer<typeof institutionSchema>;

export const institutionsResponse = z.object({
  provider_configured: z.boolean(),
  institutions: z.array(institutionSchema),
});
export type InstitutionsResponse = z.infer<typeof institutionsResponse>;

/** POST /institutions/link-token: a new link, or (with institution_id) re-linking that one. */
export const linkTokenBody = z
  .object({ institution_id: referenceId('The selected institution does not exist.').optional() })
  .optional();
export type LinkTokenBody = z.infer<typeof linkTokenBody>;
export const linkTokenResponse = z.object({ link_token: z.string() });
export type LinkTokenResponse = z.infer<typeof linkTokenResponse>;

/** POST /institutions: the public token the Link widget returned, and the bank's name it showed. */
export const linkInstitutionBody = z.object({
  public_token: text(500).trim().min(1),
  institution_name: text(255).trim().optional(),
});
export type LinkInstitutionBody = z.infer<typeof linkInstitutionBody>;

/**
 * POST /transactions/import (spec §7): brings in new transactions from every linked bank and
 * answers the uncategorized ones, grouped by account. A bank that needs the person to sign in
 * again answers 403 with `{ message, institution_id }` (spec §8: start the re-link flow).
 */
export const bankImportResponse = z.object({
  imported: z.number().int(),
  uncategorizedTransactions: z.array(
    z.object({ account_id: z.number().int(), account_name: z.string(), transactions: z.array(transactionSchema) }),
  ),
});
export type BankImportResponse = z.infer<typeof bankImportResponse>;

export const relinkRequiredBody = z.object({ message: z.string(), institution_id: z.number().int() });
export type RelinkRequiredBody = z.infer<typeof relinkRequiredBody>;
