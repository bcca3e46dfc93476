/**
 * Seals TOTP secrets at rest (DECISIONS.md #28) with the same AES-256-GCM as bank access tokens,
 * under a key of its own from TWO_FACTOR_ENCRYPTION_KEY. Without the key (a local trial) the
 * secret is kept as `plain.<secret>`; it is never logged either way.
 */
import type { Config } from '../../config';
import { TokenCipher } from '../institutions/token-cipher';

const PLAIN = 'plain.';

export class SecretBox {
  private readonly cipher: TokenCipher | null;

  constructor(config: Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY'>) {
    const key = config.TWO_FACTOR_ENCRYPTION_KEY;
    this.cipher = key ? new TokenCipher(key, { salt: 'mindspend-two-factor', info: 'totp-secret-encryption-v1' }) : null;
  }

  seal(secret: string): string {
    return this.cipher ? this.cipher.encrypt(secret) : `${PLAIN}${secret}`;
  }

  open(stored: string): string {
    if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
    if (!this.cipher) throw new Error('A two-factor secret is encrypted but TWO_FACTOR_ENCRYPTION_KEY is not set.');
    return this.cipher.decrypt(stored);
  }
}
