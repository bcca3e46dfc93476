/**
 * Stripe.js (DECISIONS.md #30, #31): loaded once from the URL the server names (Stripe's own, or a
 * stand-in in the browser tests), then started through `@stripe/stripe-js`'s `loadStripe`, which
 * takes the `window.Stripe` the script defined. The card element it makes is Stripe's; the card
 * number typed into it goes to Stripe, and only the PaymentMethod id comes back to us.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export const STRIPE_LOAD_ERROR =
  'The secure card field could not be loaded. Please check your connection and try again.';
const LOAD_TIMEOUT_MS = 15_000;

/** Thrown when Stripe.js cannot be loaded; its message is the one to show. */
export class StripeLoadError extends Error {
  constructor() {
    super(STRIPE_LOAD_ERROR);
    this.name = 'StripeLoadError';
  }
}

let loading: Promise<void> | null = null;

function injectScript(url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(), timeoutMs);
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new StripeLoadError());
    };
    script.src = url;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      if (window.Stripe) resolve();
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
}

const started = new Map<string, Promise<Stripe>>();

/** Stripe.js started with `publishableKey`, its script loaded once from `jsUrl`; a failed load may be retried. */
export function loadStripeFrom(
  jsUrl: string,
  publishableKey: string,
  timeoutMs = LOAD_TIMEOUT_MS,
): Promise<Stripe> {
  const known = started.get(publishableKey);
  if (known) return known;
  loading ??= window.Stripe ? Promise.resolve() : injectScript(jsUrl, timeoutMs);
  const stripe = loading
    .then(() => loadStripe(publishableKey))
    .then((instance) => {
      if (!instance) throw new StripeLoadError();
      return instance;
    })
    .catch((error: unknown) => {
      loading = null;
      started.delete(publishableKey);
      throw error instanceof StripeLoadError ? error : new StripeLoadError();
    });
  started.set(publishableKey, stripe);
  return stripe;
}

/** What the card holder typed outside Stripe's element: their name and postal code. */
export interface CardHolder {
  name: string;
  postalCode: string;
}

/** A card Stripe.js could not tokenize (incomplete, invalid, refused): the message is Stripe's, for the person. */
export class CardTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardTokenError';
  }
}

/** Turns the card in `element` into a PaymentMethod id (`pm_…`), the registration's `stripe_token`. */
export async function tokenizeCard(
  stripe: Stripe,
  element: StripeCardElement,
  holder: CardHolder,
): Promise<string> {
  const result = await stripe.createPaymentMethod({
    type: 'card',
    card: element,
    billing_details: { name: holder.name, address: { postal_code: holder.postalCode } },
  });
  if (result.error)
    throw new CardTokenError(result.error.message ?? 'Your card could not be read; please check it.');
  return result.paymentMethod.id;
}
