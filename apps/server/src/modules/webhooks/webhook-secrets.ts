/**
 * Webhook signing secrets at rest (DECISIONS.md #94). The server must read a secret back to sign
 * with it, so it is sealed (AES-256-GCM) rather than hashed, under the same key as two-factor
 * secrets — TWO_FACTOR_ENCRYPTION_KEY, or DATA_DIR/two-factor.key — with a purpose of its own: a
 * copy of the database alone cannot sign a delivery, and one key is the one to keep and move.
 */
import { randomBytes } from 'node:crypto';
import { type SealingKeyConfig, sealingKeyMaterial } from '../../lib/server-sealing-key';
import { TokenCipher } from '../../lib/token-cipher';

const PURPOSE = { salt: 'mindspend-webhooks', info: 'webhook-secret-encryption-v1' };
type KeyConfig = SealingKeyConfig;

const ciphers = new WeakMap<KeyConfig, TokenCipher>();

function cipherOf(config: KeyConfig): TokenCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = new TokenCipher(sealingKeyMaterial(config), PURPOSE);
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
