import { describe, expect, it } from 'vitest';
import { LocalPaymentProvider } from '../modules/billing/payment-provider';
import { StripePaymentProvider } from '../modules/billing/stripe-provider';
import { isSubresource, stripeSources } from './security';

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

describe('isSubresource: which answers go without the document-only headers (DECISIONS.md #110)', () => {
  it('is a script, stylesheet, image, font or fetch that the browser says it fetched as such', () => {
    expect(isSubresource('script', 'text/javascript; charset=utf-8')).toBe(true);
    expect(isSubresource('style', 'text/css; charset=utf-8')).toBe(true);
    expect(isSubresource('image', 'image/png')).toBe(true);
    expect(isSubresource('empty', 'application/json; charset=utf-8')).toBe(true);
  });

  it('is never a document, a worker, a page of HTML or SVG, nor an answer to a client that does not say', () => {
    expect(isSubresource('document', 'text/html; charset=utf-8')).toBe(false);
    expect(isSubresource('serviceworker', 'text/javascript; charset=utf-8')).toBe(false);
    expect(isSubresource('worker', 'text/javascript')).toBe(false);
    expect(isSubresource('iframe', 'application/json')).toBe(false);
    expect(isSubresource('empty', 'text/html; charset=utf-8')).toBe(false);
    expect(isSubresource('image', 'image/svg+xml')).toBe(false);
    expect(isSubresource(undefined, 'application/json')).toBe(false);
    expect(isSubresource(['script', 'script'], 'text/javascript')).toBe(false);
  });
});
