/**
 * Webhook signing secrets at rest (DECISIONS.md #94). The server must read a secret back to sign
 * with it, so it is sealed (AES-256-GCM) rather than hashed, under the same key as two-factor
 * secrets — TWO_FACTOR_ENCRYPTION_KEY, or DATA_DIR/two-factor.key — with a purpose of its own: a
 * copy of the database alone cannot sign a delivery, and one key is the one to keep and move.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { dataDirKey } from '../../lib/data-dir-key';
import { TokenCipher } from '../../lib/token-cipher';

const PURPOSE = { salt: 'mindspend-webhooks', info: 'webhook-secret-encryption-v1' };
/** The key file of two-factor secrets (modules/two-factor/secret-box.ts), shared on purpose. */
const KEY_FILE = 'two-factor.key';

type KeyConfig = Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY' | 'DATA_DIR'>;

const ciphers = new WeakMap<KeyConfig, TokenCipher>();

function cipherOf(config: KeyConfig): TokenCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = new TokenCipher(config.TWO_FACTOR_ENCRYPTION_KEY ?? dataDirKey(config.DATA_DIR, KEY_FILE), PURPOSE);
    ciphers.set(config, cipher);
  }
  return cipher;
}

/** A new secret for a webhook created without one: 32 random bytes, prefixed so people recognise it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function sealSecret(config: KeyConfig, secret: string): string {
  return cipherOf(config).encrypt(secret);
}

export function openSecret(config: KeyConfig, sealed: string): string {
  return cipherOf(config).decrypt(sealed);
}
