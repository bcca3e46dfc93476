import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: Stripe', () => {
  it('leaves Stripe off when no key is set, or the key is empty', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PRICE_ID: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  const PAIR = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };

  it("takes both keys with the price of the plan, Stripe's own script and API unless told otherwise", () => {
    const config = loadConfig({ ...PAIR, STRIPE_PRICE_ID: 'price_123' });
    expect(config).toMatchObject({ ...PAIR, STRIPE_PRICE_ID: 'price_123' });
    expect(config.STRIPE_JS_URL).toBe('https://js.stripe.com/clover/stripe.js');
    expect(config.STRIPE_API_URL).toBe('https://api.stripe.com');
  });

  it('takes stand-ins of Stripe.js and of the API', () => {
    const config = loadConfig({
      ...PAIR,
      STRIPE_PRICE_ID: 'price_123',
      STRIPE_JS_URL: 'http://127.0.0.1:4000/clover/stripe.js',
      STRIPE_API_URL: 'http://127.0.0.1:4000',
    });
    expect(config).toMatchObject({ STRIPE_JS_URL: 'http://127.0.0.1:4000/clover/stripe.js', STRIPE_API_URL: 'http://127.0.0.1:4000' });
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_URL/);
  });

  it('refuses a key without a price id, naming the missing variable', () => {
    expect(() => loadConfig(PAIR)).toThrow(/STRIPE_PRICE_ID: STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set/);
  });

  it('refuses one key of the pair without the other', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_ID: 'price_123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when STRIPE_PUBLISHABLE_KEY is set/,
    );
  });

  it('refuses each key in the place of the other', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_PRICE_ID: 'price_123' })).toThrow(
      /STRIPE_SECRET_KEY: .*not a publishable one/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc', STRIPE_PRICE_ID: 'price_123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: .*never a secret one/,
    );
  });
});

describe('loadConfig: Plaid', () => {
  it('leaves Plaid off when neither variable is set, in the sandbox by default', () => {
    const config = loadConfig({ PLAID_CLIENT_ID: '', PLAID_SECRET: '' });
    expect(config.PLAID_CLIENT_ID).toBeUndefined();
    expect(config.PLAID_SECRET).toBeUndefined();
    expect(config.PLAID_ENV).toBe('sandbox');
  });

  it('takes the id and secret together, and the production environment', () => {
    const config = loadConfig({ PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret', PLAID_ENV: 'production' });
    expect(config).toMatchObject({ PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret', PLAID_ENV: 'production' });
  });

  it('refuses one of the id and secret without the other, naming the missing variable', () => {
    expect(() => loadConfig({ PLAID_CLIENT_ID: 'client' })).toThrow(/PLAID_SECRET: PLAID_SECRET is required when PLAID_CLIENT_ID is set/);
    expect(() => loadConfig({ PLAID_SECRET: 'secret' })).toThrow(/PLAID_CLIENT_ID: PLAID_CLIENT_ID is required when PLAID_SECRET is set/);
  });

  it('takes PLAID_API_URL as an http(s) URL, leaves it unset when empty, and refuses anything else', () => {
    expect(loadConfig({}).PLAID_API_URL).toBeUndefined();
    expect(loadConfig({ PLAID_API_URL: '' }).PLAID_API_URL).toBeUndefined();
    expect(loadConfig({ PLAID_API_URL: 'http://127.0.0.1:4010' }).PLAID_API_URL).toBe('http://127.0.0.1:4010');
    expect(loadConfig({ PLAID_API_URL: 'https://plaid.example.test/' }).PLAID_API_URL).toBe('https://plaid.example.test/');
    expect(() => loadConfig({ PLAID_API_URL: 'not a url' })).toThrow(/PLAID_API_URL/);
    expect(() => loadConfig({ PLAID_API_URL: 'ftp://127.0.0.1/' })).toThrow(/PLAID_API_URL: PLAID_API_URL must be an http/);
  });

  it('refuses an unknown environment', () => {
    expect(() => loadConfig({ PLAID_ENV: 'development' })).toThrow(/PLAID_ENV/);
  });
});

describe('loadConfig: keys shared by every process on PostgreSQL (DECISIONS.md #93)', () => {
  const DATABASE_URL = 'postgres://mindspend@db:5432/mindspend';
  const KEYS = {
    TWO_FACTOR_ENCRYPTION_KEY: 'two-factor-key-of-at-least-32-characters',
    UNSUBSCRIBE_SECRET: 'unsubscribe-secret-of-at-least-32-characters',
  };

  it('refuses PostgreSQL without the two keys, naming each and how to make one', () => {
    let message = '';
    try {
      loadConfig({ DATABASE_URL });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/^TWO_FACTOR_ENCRYPTION_KEY: TWO_FACTOR_ENCRYPTION_KEY is required when DATABASE_URL is set/m);
    expect(message).toMatch(/^UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET is required when DATABASE_URL is set/m);
    expect(message).toContain('openssl rand -base64 48');
    expect(message).toContain('DATA_DIR/two-factor.key');
  });

  it('refuses PostgreSQL with one key only, naming the other', () => {
    expect(() => loadConfig({ DATABASE_URL, TWO_FACTOR_ENCRYPTION_KEY: KEYS.TWO_FACTOR_ENCRYPTION_KEY })).toThrow(
      /UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET is required/,
    );
    expect(() => loadConfig({ DATABASE_URL, UNSUBSCRIBE_SECRET: KEYS.UNSUBSCRIBE_SECRET, TWO_FACTOR_ENCRYPTION_KEY: '' })).toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY: TWO_FACTOR_ENCRYPTION_KEY is required/,
    );
  });

  it('refuses Plaid on PostgreSQL without the bank key, and takes it with one (DECISIONS.md #106)', () => {
    const plaid = { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' };
    expect(() => loadConfig({ DATABASE_URL, ...KEYS, ...plaid })).toThrow(
      /BANK_TOKEN_ENCRYPTION_KEY: BANK_TOKEN_ENCRYPTION_KEY is required when DATABASE_URL and PLAID_CLIENT_ID are set/,
    );
    const key = 'bank-token-key-of-at-least-32-characters';
    expect(loadConfig({ DATABASE_URL, ...KEYS, ...plaid, BANK_TOKEN_ENCRYPTION_KEY: key }).BANK_TOKEN_ENCRYPTION_KEY).toBe(key);
    expect(loadConfig({ ...plaid }).BANK_TOKEN_ENCRYPTION_KEY).toBeUndefined();
    expect(() => loadConfig({ BANK_TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32 characters/);
  });

  it('takes PostgreSQL with both keys, and SQLite with neither (each falls back to its key file)', () => {
    expect(loadConfig({ DATABASE_URL, ...KEYS })).toMatchObject({ DATABASE_URL, ...KEYS });
    expect(loadConfig({}).TWO_FACTOR_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '' }).UNSUBSCRIBE_SECRET).toBeUndefined();
  });
});
