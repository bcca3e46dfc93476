import type { Stripe, StripeCardElement, StripeConstructor } from '@stripe/stripe-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./stripe-card');
let card: Module;

const JS_URL = 'http://127.0.0.1:4000/clover/stripe.js';

/** A Stripe constructor standing in for the script's `window.Stripe`, remembering the keys it was given. */
function fakeStripeConstructor(instance: Partial<Stripe> = {}) {
  const keys: string[] = [];
  const constructor = Object.assign(
    (key: string) => {
      keys.push(key);
      return instance as Stripe;
    },
    { version: 'clover' },
  ) as unknown as StripeConstructor;
  return { constructor, keys };
}

/** Intercepts the <script> the loader appends, so nothing reaches the network. */
function interceptScript(onAppend: (script: HTMLScriptElement) => void) {
  const appended: HTMLScriptElement[] = [];
  const original = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (!(node instanceof HTMLScriptElement)) return original(node);
    appended.push(node);
    queueMicrotask(() => onAppend(node));
    return node;
  });
  return appended;
}

beforeEach(async () => {
  // The loader and @stripe/stripe-js keep what they loaded per page; each test is a fresh page.
  vi.resetModules();
  card = await import('./stripe-card');
});
afterEach(() => {
  delete window.Stripe;
  vi.restoreAllMocks();
});

describe('loadStripeFrom', () => {
  it('loads the script from the URL the server names, once, and starts Stripe.js with the publishable key', async () => {
    const fake = fakeStripeConstructor();
    const appended = interceptScript((script) => {
      window.Stripe = fake.constructor;
      script.dispatchEvent(new Event('load'));
    });
    await expect(card.loadStripeFrom(JS_URL, 'pk_test_one')).resolves.toBeDefined();
    await card.loadStripeFrom(JS_URL, 'pk_test_one');
    expect(appended.map((script) => script.src)).toEqual([JS_URL]);
    expect(fake.keys).toEqual(['pk_test_one']);
  });

  it('answers a script that fails to load with a sentence to show, and tries again next time', async () => {
    const appended = interceptScript((script) => script.dispatchEvent(new Event('error')));
    await expect(card.loadStripeFrom(JS_URL, 'pk_test_one')).rejects.toThrow(card.STRIPE_LOAD_ERROR);
    await expect(card.loadStripeFrom(JS_URL, 'pk_test_one')).rejects.toBeInstanceOf(card.StripeLoadError);
    expect(appended).toHaveLength(2);
  });

  it('refuses a script that loads without defining window.Stripe', async () => {
    interceptScript((script) => script.dispatchEvent(new Event('load')));
    await expect(card.loadStripeFrom(JS_URL, 'pk_test_one')).rejects.toThrow(card.STRIPE_LOAD_ERROR);
  });
});

describe('tokenizeCard', () => {
  const element = {} as StripeCardElement;
  const holder = { name: 'Ada Lovelace', postalCode: '97201' };

  it("answers the PaymentMethod's id, giving Stripe the holder's name and postal code", async () => {
    const createPaymentMethod = vi.fn().mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
    const stripe = { createPaymentMethod } as unknown as Stripe;
    await expect(card.tokenizeCard(stripe, element, holder)).resolves.toBe('pm_123');
    expect(createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: element,
      billing_details: { name: 'Ada Lovelace', address: { postal_code: '97201' } },
    });
  });

  it("turns Stripe.js's refusal into a CardTokenError carrying Stripe's message", async () => {
    const error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    const stripe = { createPaymentMethod: vi.fn().mockResolvedValue({ error }) } as unknown as Stripe;
    const failure = card.tokenizeCard(stripe, element, holder);
    await expect(failure).rejects.toBeInstanceOf(card.CardTokenError);
    await expect(failure).rejects.toThrow('Your card number is invalid.');
  });
});
