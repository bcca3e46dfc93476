/** The card provider the configuration asks for: Stripe with both keys and a price, else none (buildApp's local one). */
import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { type StripeLogger, StripePaymentProvider } from './stripe-provider';

export function paymentsFromConfig(config: Config, logger: StripeLogger): PaymentProvider | undefined {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_PRICE_ID } = config;
  // config.ts refuses one key without the other, and a secret key without a price.
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_PRICE_ID) return undefined;
  return new StripePaymentProvider({
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    priceId: STRIPE_PRICE_ID,
    jsUrl: config.STRIPE_JS_URL,
    apiBase: config.STRIPE_API_URL,
    logger,
  });
}
