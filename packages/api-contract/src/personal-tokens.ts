/** Personal access tokens for scripts (DECISIONS.md #39): created in Settings, shown once. */
import { z } from 'zod';
import { optionalText, text } from './common';

export const PERSONAL_TOKEN_SCOPES = ['read', 'write'] as const;
export type PersonalTokenScopeName = (typeof PERSONAL_TOKEN_SCOPES)[number];
export const PERSONAL_TOKEN_NAME_MAX = 100;
export const PERSONAL_TOKEN_NAME_REQUIRED = 'Give the token a name, so you know later which script uses it.';

export const createPersonalTokenBody = z.object({
  name: text(PERSONAL_TOKEN_NAME_MAX)
    .optional()
    .transform((name) => name?.trim() ?? '')
    .refine((name) => name.length > 0, PERSONAL_TOKEN_NAME_REQUIRED),
  scope: z.enum(PERSONAL_TOKEN_SCOPES),
  /** A session alone cannot create a token (DECISIONS.md #75): missing or wrong answers 422. */
  current_password: optionalText(1024),
});
export type CreatePersonalTokenBody = z.input<typeof createPersonalTokenBody>;

export const personalTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(PERSONAL_TOKEN_SCOPES),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** ISO-8601 UTC, to within a few minutes; null when never used. */
  last_used_at: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof personalTokenSchema>;

export const personalTokensResponse = z.object({ tokens: z.array(personalTokenSchema) });

/** The one answer that carries the token itself; it is not stored and cannot be shown again. */
export const createdPersonalTokenResponse = personalTokenSchema.extend({ token: z.string() });
export type CreatedPersonalToken = z.infer<typeof createdPersonalTokenResponse>;
