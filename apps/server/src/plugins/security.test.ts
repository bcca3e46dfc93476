import { describe, expect, it } from 'vitest';
import { LocalPaymentProvider } from '../modules/billing/payment-provider';
import { StripePaymentProvider } from '../modules/billing/stripe-provider';
import { stripeSources } from './security';

const keys = { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', priceId: 'price_x' };

describe('stripeSources: what the CSP allows for Stripe.js (DECISIONS.md #30)', () => {
  it("allows Stripe's script and frame origins and its API, nothing else, by default", () => {
    expect(stripeSources(new StripePaymentProvider(keys))).toEqual({
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      connect: ['https://api.stripe.com'],
    });
  });

  it('follows STRIPE_JS_URL and STRIPE_API_URL to their origins only', () => {
    const provider = new StripePaymentProvider({
      ...keys,
      jsUrl: 'http://127.0.0.1:4001/clover/stripe.js',
      apiBase: 'http://127.0.0.1:4002/',
    });
    expect(stripeSources(provider)).toEqual({
      script: ['http://127.0.0.1:4001'],
      frame: ['http://127.0.0.1:4001'],
      connect: ['http://127.0.0.1:4002'],
    });
  });

  it('adds nothing without Stripe', () => {
    expect(stripeSources(new LocalPaymentProvider())).toEqual({ script: [], frame: [], connect: [] });
    expect(stripeSources(undefined)).toEqual({ script: [], frame: [], connect: [] });
  });
});
