/**
 * Which card details a request may carry with Stripe (DECISIONS.md #30): only `stripe_token`, the
 * PaymentMethod id Stripe.js made in the browser. Runs before validation, so a card number sent to
 * a Stripe-mode server is refused without being parsed, checked, stored, logged or forwarded.
 * (Without Stripe, billing.service.ts refuses a token once the body is validated.)
 */
import type { preValidationAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import type { PaymentProvider } from './payment-provider';
import { RAW_CARD_REFUSED } from './stripe-provider';

/** The fields that hold card data (PCI DSS's "cardholder data" and CVC): never accepted with Stripe. */
export const RAW_CARD_FIELDS = ['card_number', 'card_csc', 'card_expiration'] as const;

/** Said when the paid plan is asked for with neither a token nor a promo code while Stripe is on. */
export const CARD_TOKEN_MISSING = 'Enter your card details in the card field.';

/** Whether a body field carries something (an empty string is how a form sends "nothing"). */
function carries(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * The check as a route hook. `needsCard` tells whether this body asks for a card payment (a paid
 * sign-up or an upgrade without a promo code); the body's own validation comes after.
 */
export function cardEntryGuard(
  payments: PaymentProvider,
  needsCard: (body: unknown) => boolean,
): preValidationAsyncHookHandler {
  return async (request) => {
    const body = request.body;
    // Without Stripe a token is refused after validation, where its shape is checked (billing.service.ts).
    if (payments.cardEntry.kind === 'own-fields') return;
    // A body that is not an object holds no card field; its validation says what to send.
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const sent = RAW_CARD_FIELDS.filter((name) => carries(field(body, name)));
    if (sent.length > 0) {
      // Only the field names are logged: the values are card data and go nowhere.
      request.log.warn({ fields: sent }, 'card fields refused: with Stripe only a stripe_token is accepted');
      throw new HttpError(422, RAW_CARD_REFUSED, Object.fromEntries(sent.map((name) => [name, [RAW_CARD_REFUSED]])));
    }
    if (needsCard(body) && !carries(field(body, 'stripe_token'))) {
      throw new HttpError(422, CARD_TOKEN_MISSING, { card: [CARD_TOKEN_MISSING] });
    }
  };
}

/** A sign-up needs a card on the paid plan without a promo code. */
export const registrationNeedsCard = (body: unknown) =>
  field(body, 'plan') === 'budget_master' && field(body, 'promo') !== true;

/** An upgrade needs a card unless it uses a promo code. */
export const upgradeNeedsCard = (body: unknown) => field(body, 'promo') !== true;
