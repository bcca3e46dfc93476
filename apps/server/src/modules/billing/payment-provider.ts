/**
 * Card payments behind one small interface (DECISIONS.md #10). The local provider needs no
 * network: it checks the card as a real processor would and records the subscription itself.
 */
import { randomBytes } from 'node:crypto';
import { passesLuhn } from '@mindspend/domain';

export interface CardDetails {
  firstName: string;
  lastName: string;
  number: string;
  csc: string;
  expiration: string;
  postal: string;
  email: string;
}

export interface PaymentResult {
  /** Customer reference at the provider: the user's `stripe_id`. */
  customerRef: string;
  /** Subscription reference at the provider. */
  subscriptionRef: string;
  cardLast4: string;
}

/** A refusal a person can act on, shown in the payment-error box. */
export class PaymentDeclined extends Error {}

export interface PaymentProvider {
  readonly name: string;
  /** Charges the first month and starts a monthly subscription, or throws PaymentDeclined. */
  subscribe(card: CardDetails, amountCents: number): Promise<PaymentResult>;
  /** Stops renewal at the end of the paid term. */
  cancel(subscriptionRef: string): Promise<void>;
}

/** Card numbers the local provider declines, as processors' test cards do. */
export const DECLINED_TEST_CARD = '4000000000000002';

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  async subscribe(card: CardDetails): Promise<PaymentResult> {
    const digits = card.number.replace(/\D/g, '');
    if (!passesLuhn(digits)) throw new PaymentDeclined('Your card number is incorrect.');
    if (digits === DECLINED_TEST_CARD) throw new PaymentDeclined('Your card was declined.');
    const id = randomBytes(8).toString('hex');
    return { customerRef: `local_cus_${id}`, subscriptionRef: `local_sub_${id}`, cardLast4: digits.slice(-4) };
  }

  async cancel(): Promise<void> {
    // Nothing to tell: the local provider has no renewals beyond the subscription row.
  }
}
