import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: Enable Banking (DECISIONS.md #111)', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it("leaves it off when unset, with Enable Banking's own API by default", () => {
    const config = loadConfig({ ENABLE_BANKING_APP_ID: '', ENABLE_BANKING_PRIVATE_KEY: '' });
    expect(config.ENABLE_BANKING_APP_ID).toBeUndefined();
    expect(config.ENABLE_BANKING_PRIVATE_KEY).toBeUndefined();
    expect(config.ENABLE_BANKING_API_URL).toBe('https://api.enablebanking.com');
  });

  it('takes the id with the key, written with real line breaks or with \\n', () => {
    const plain = loadConfig({ ENABLE_BANKING_APP_ID: 'app-1', ENABLE_BANKING_PRIVATE_KEY: pem });
    expect(plain.ENABLE_BANKING_PRIVATE_KEY).toBe(pem.trim());
    const escaped = loadConfig({ ENABLE_BANKING_APP_ID: 'app-1', ENABLE_BANKING_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    expect(escaped.ENABLE_BANKING_PRIVATE_KEY).toBe(pem.trim());
  });

  it('refuses one without the other, and a key that is not an RSA private key', () => {
    expect(() => loadConfig({ ENABLE_BANKING_APP_ID: 'app-1' })).toThrow(/ENABLE_BANKING_PRIVATE_KEY: ENABLE_BANKING_APP_ID and ENABLE_BANKING_PRIVATE_KEY are set together/);
    expect(() => loadConfig({ ENABLE_BANKING_PRIVATE_KEY: pem })).toThrow(/ENABLE_BANKING_APP_ID: ENABLE_BANKING_APP_ID and ENABLE_BANKING_PRIVATE_KEY/);
    expect(() => loadConfig({ ENABLE_BANKING_APP_ID: 'app-1', ENABLE_BANKING_PRIVATE_KEY: 'not a key' })).toThrow(/must be the RSA private key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ ENABLE_BANKING_APP_ID: 'app-1', ENABLE_BANKING_PRIVATE_KEY: ec })).toThrow(/must be the RSA private key/);
  });
});
