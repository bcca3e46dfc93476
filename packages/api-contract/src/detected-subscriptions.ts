/**
 * Subscriptions found in the book's own expenses (issue 31, DECISIONS.md #100), and whether each
 * is still worth it. Not the person's plan with Mindspend (billing.ts's `/subscription`).
 */
import { z } from 'zod';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX, text } from './common';

export const SUBSCRIPTION_NAME_REQUIRED = 'Give it a name, or use the payee\u2019s name again.';
export const SUBSCRIPTION_REVIEW_REQUIRED = 'Say whether it is still worth it (true or false).';

export const SUBSCRIPTION_CADENCES = ['monthly', 'quarterly', 'yearly'] as const;
/** The person's word on a detected subscription: none yet, it is one, it is not one. */
export const SUBSCRIPTION_STATES = ['detected', 'confirmed', 'dismissed'] as const;

export const subscriptionReviewSchema = z.object({
  still_worth_it: z.boolean(),
  note: z.string().nullable(),
  /** The amount it had when answered. */
  amount: z.number(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
});

export const detectedSubscriptionSchema = z.object({
  /** The transaction id of its first charge. */
  id: z.number().int(),
  entity_id: z.number().int(),
  payee: z.string(),
  /** The person's name for it, else the payee's. */
  name: z.string(),
  cadence: z.enum(SUBSCRIPTION_CADENCES),
  /** The latest charge's amount. */
  amount: z.number(),
  yearly_cost: z.number(),
  first_charge: z.string(),
  last_charge: z.string(),
  /** When the next charge is expected, `YYYY-MM-DD`. */
  next_charge: z.string(),
  charges: z.number().int(),
  price_history: z.array(z.object({ date: z.string(), amount: z.number() })),
  status: z.enum(['active', 'ended']),
  state: z.enum(SUBSCRIPTION_STATES),
  /** Whether to ask the member again if it is still worth it, and the question. */
  review_due: z.boolean(),
  review_question: z.string(),
  /** The member's latest answer. */
  latest_review: subscriptionReviewSchema.nullable(),
});
export type DetectedSubscriptionWire = z.infer<typeof detectedSubscriptionSchema>;

export const detectedSubscriptionsResponse = z.object({
  subscriptions: z.array(detectedSubscriptionSchema),
  /** Active, not dismissed subscriptions whose member's latest answer was 'not worth it'. */
  regretted: z.object({ count: z.number().int(), yearly_total: z.number() }),
});
export type DetectedSubscriptions = z.infer<typeof detectedSubscriptionsResponse>;

/** PATCH /subscriptions/{id}: rename (null: the payee's name again), confirm, dismiss, or undo either. */
export const updateDetectedSubscriptionBody = z.object({
  name: text(SHORT_TEXT_MAX).refine((name) => name.trim() !== '', SUBSCRIPTION_NAME_REQUIRED).nullable().optional(),
  state: z.enum(SUBSCRIPTION_STATES, { message: "The state must be 'detected', 'confirmed' or 'dismissed'." }).optional(),
});
export type UpdateDetectedSubscriptionBody = z.infer<typeof updateDetectedSubscriptionBody>;

/** POST /subscriptions/{id}/reviews: the member's second look. */
export const reviewSubscriptionBody = z.object({
  still_worth_it: z.boolean({ message: SUBSCRIPTION_REVIEW_REQUIRED }),
  note: text(LONG_TEXT_MAX).nullable().optional(),
});
export type ReviewSubscriptionBody = z.infer<typeof reviewSubscriptionBody>;
