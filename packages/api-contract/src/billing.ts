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
  })
  .superRefine((body, ctx) => addFieldErrors(ctx, validatePayment(body, localDate(new Date(), 0))));
export type UpgradeBody = z.input<typeof upgradeBody>;
