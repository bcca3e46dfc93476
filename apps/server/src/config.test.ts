import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: Stripe', () => {
  it('leaves Stripe off when no key is set, or the key is empty', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PRICE_ID: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('takes a key with the price of the plan', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_ID: 'price_123' });
    expect(config.STRIPE_SECRET_KEY).toBe('sk_test_abc');
    expect(config.STRIPE_PRICE_ID).toBe('price_123');
  });

  it('refuses a key without a price id, naming the missing variable', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PRICE_ID: STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set/,
    );
  });

  it('refuses a publishable key in place of the secret one', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PRICE_ID: 'price_123' })).toThrow(
      /STRIPE_SECRET_KEY: .*not a publishable one/,
    );
  });
});
