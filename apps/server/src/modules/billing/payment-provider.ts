/**
 * Card payments behind one small interface (DECISIONS.md #10, #30). The local provider needs no
 * network: it checks the card as a real processor would and records the subscription itself.
 * Stripe never sees a card number from this server: the browser's Stripe.js turns the card into a
 * PaymentMethod id (`stripe_token`), and only that id reaches us.
 */
import { randomBytes } from 'node:crypto';
import { passesLuhn } from '@mindspend/domain';

/** Who pays: the card holder's name and postal code (not card data) and the account's e-mail. */
export interface Payer {
  firstName: string;
  lastName: string;
  postal: string;
  email: string;
}

/** Card details typed into our own form: only the local provider takes them. */
export interface CardDetails extends Payer {
  number: string;
  csc: string;
  expiration: string;
}

/** A card tokenized in the browser by the card provider's script: a Stripe PaymentMethod id. */
export interface TokenizedCard extends Payer {
  token: string;
}

export type PaymentDetails = CardDetails | TokenizedCard;

export function isTokenized(payment: PaymentDetails): payment is TokenizedCard {
  return 'token' in payment;
}

/**
 * How the browser collects the card: our own fields (local provider), or the card provider's
 * element, loaded from `jsUrl` with the publishable key, talking to `apiUrl` (DECISIONS.md #30).
 */
export type CardEntry =
  | { kind: 'own-fields' }
  | { kind: 'stripe-elements'; publishableKey: string; jsUrl: string; apiUrl: string };

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
  /** Which card details the provider takes; the routes refuse the other kind before validation. */
  readonly cardEntry: CardEntry;
  /** Charges the first month and starts a monthly subscription, or throws PaymentDeclined. */
  subscribe(payment: PaymentDetails, amountCents: number): Promise<PaymentResult>;
  /** Stops renewal at the end of the paid term. */
  cancel(subscriptionRef: string): Promise<void>;
}

export const TOKEN_WITHOUT_STRIPE = 'Card tokens are accepted only when Stripe is configured; enter the card details instead.';

/** Card numbers the local provider declines, as processors' test cards do. */
export const DECLINED_TEST_CARD = '4000000000000002';

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';
  readonly cardEntry: CardEntry = { kind: 'own-fields' };

  async subscribe(card: PaymentDetails): Promise<PaymentResult> {
    // The routes refuse a token without Stripe (card-entry.ts); this is the last line of that rule.
    if (isTokenized(card)) throw new PaymentDeclined(TOKEN_WITHOUT_STRIPE);
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
