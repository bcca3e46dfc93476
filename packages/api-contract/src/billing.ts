/** Upgrading to the paid plan and cancelling it (DECISIONS.md #7 and #10). */
import { z } from 'zod';
import { localDate, validatePayment } from '@mindspend/domain';
import { addFieldErrors, optionalText } from './common';

export const upgradeBody = z
  .object({
    promo: z.boolean().default(false),
    code: optionalText(64),
    first_name: optionalText(100),
    last_name: optionalText(100),
    card_number: optionalText(32),
    card_csc: optionalText(8),
    card_expiration: optionalText(8),
    postal: optionalText(16),
    // With Stripe: the PaymentMethod id Stripe.js made from the card, instead of the card fields.
    stripe_token: optionalText(),
  })
  .superRefine((body, ctx) => addFieldErrors(ctx, validatePayment(body, localDate(new Date(), 0))));
export type UpgradeBody = z.input<typeof upgradeBody>;

/**
 * GET /billing/config: how the browser collects a card (DECISIONS.md #30). With Stripe, the card
 * goes into Stripe's element, loaded from `js_url` with the publishable key; without, our fields.
 */
export const billingConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishable_key: z.string(), js_url: z.string() }),
  z.object({ provider: z.literal('local') }),
]);
export type BillingConfig = z.infer<typeof billingConfigSchema>;
