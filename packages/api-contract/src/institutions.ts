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
/** The providers a bank can be linked through (DECISIONS.md #106). */
export const bankProviderValues = ['plaid', 'simplefin', 'enable_banking'] as const;
export type BankProviderName = (typeof bankProviderValues)[number];

/** The last sync's result, by schedule or by "Sync now" (DECISIONS.md #106). */
export const lastSyncSchema = z.object({
  at: z.string(),
  /** Transactions the sync brought that were not there before; null when it failed. */
  added: z.number().int().nullable(),
  /** What went wrong, in words for the person; null when it succeeded. */
  error: z.string().nullable(),
});

export const institutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_count: z.number().int(),
  /** 'relink_required' when the bank asks the person to sign in again (the Link widget in update mode). */
  status: z.enum(institutionStatusValues),
  last_synced_at: z.string().nullable(),
  provider: z.enum(bankProviderValues),
  last_sync: lastSyncSchema.nullable(),
  /** When the schedule syncs it next; null: as soon as a process gets to it. */
  next_sync_at: z.string().nullable(),
  /** What the provider asks to show the person (SimpleFIN's `errors`) from the last sync. */
  notices: z.array(z.string()),
  /** When the bank's consent lapses (Enable Banking, DECISIONS.md #111); null when it does not on a known day. */
  consent_expires_at: z.string().nullable(),
});
export type Institution = z.infer<typeof institutionSchema>;

export const institutionsResponse = z.object({
  /** Whether any provider is available; `providers` says which (Plaid needs its keys, SimpleFIN a bank key). */
  provider_configured: z.boolean(),
  providers: z.array(z.enum(bankProviderValues)),
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

/** POST /institutions/simplefin: the setup token the SimpleFIN Bridge gave the person. */
export const linkSimplefinBody = z.object({
  setup_token: text(4000, {
    notText: 'Paste the SimpleFIN setup token as text.',
    tooLong: 'That is too long for a SimpleFIN setup token: paste only the token.',
  })
    .trim()
    .min(1, 'Paste the setup token from the SimpleFIN Bridge.'),
});
export type LinkSimplefinBody = z.infer<typeof linkSimplefinBody>;

/**
 * POST /transactions/import (spec §7): brings in new transactions from every linked bank and
 * answers the uncategorized ones, grouped by account. A bank that needs the person to sign in
 * again answers 403 with `{ message, institution_id }` (spec §8: start the re-link flow).
 */
export const bankImportBody = z
  .object({
    // Read by no one (the signed-in user is imported), still kept to the id range.
    user_id: referenceId('The selected user does not exist.').optional(),
    // "Sync now" on one link syncs that bank alone; without it, every linked bank (DECISIONS.md #106).
    institution_id: referenceId('The selected institution does not exist.').optional(),
  })
  .optional();
export type BankImportBody = z.infer<typeof bankImportBody>;

export const bankImportResponse = z.object({
  imported: z.number().int(),
  uncategorizedTransactions: z.array(
    z.object({ account_id: z.number().int(), account_name: z.string(), transactions: z.array(transactionSchema) }),
  ),
});
export type BankImportResponse = z.infer<typeof bankImportResponse>;

export const relinkRequiredBody = z.object({ message: z.string(), institution_id: z.number().int() });
export type RelinkRequiredBody = z.infer<typeof relinkRequiredBody>;

/** A country as Enable Banking lists banks by it: two letters (DECISIONS.md #111). */
const countryCode = z
  .string({ error: 'Choose a country.' })
  .trim()
  .toUpperCase()
  // A refinement (a custom issue), so the 422 carries this sentence rather than a generic one.
  .refine((code) => /^[A-Z]{2}$/.test(code), 'Choose a country by its two-letter code, e.g. FI.');

/** GET /institutions/enable-banking/banks?country=FI: the banks Enable Banking offers there. */
export const enableBankingBanksQuery = z.object({ country: countryCode });
export const enableBankingBanksResponse = z.object({ banks: z.array(z.object({ name: z.string(), country: z.string() })) });
export type EnableBankingBanksResponse = z.infer<typeof enableBankingBanksResponse>;

/** POST /institutions/enable-banking/start: the chosen bank; answers the bank's page to go to. */
export const enableBankingStartBody = z.object({
  country: countryCode,
  bank: text(255).trim().min(1, 'Choose your bank.'),
});
export type EnableBankingStartBody = z.infer<typeof enableBankingStartBody>;
export const enableBankingStartResponse = z.object({ url: z.string() });
export type EnableBankingStartResponse = z.infer<typeof enableBankingStartResponse>;

/** POST /institutions/enable-banking/callback: what the bank sent the person back with. */
export const enableBankingCallbackBody = z.object({
  code: text(2000).trim().min(1, 'The bank sent no code back: start again from Connected Institutions.'),
  state: text(200).trim().min(1, 'This bank link has expired or was already used; start again'),
});
export type EnableBankingCallbackBody = z.infer<typeof enableBankingCallbackBody>;
