/**
 * Seals TOTP secrets at rest (DECISIONS.md #28) with the same AES-256-GCM as bank access tokens,
 * under a key of its own: TWO_FACTOR_ENCRYPTION_KEY, or else a random key created once in
 * DATA_DIR/two-factor.key, readable by the server's user only. A copy of the database alone
 * therefore never gives anyone a user's second factor, with or without configuration. The secret
 * is never logged.
 */
import type { Config } from '../../config';
import { dataDirKey } from '../../lib/data-dir-key';
import { TokenCipher } from '../institutions';

export const KEY_FILE = 'two-factor.key';
const PURPOSE = { salt: 'mindspend-two-factor', info: 'totp-secret-encryption-v1' };

type KeyConfig = Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY' | 'DATA_DIR'>;

function keyMaterial(config: KeyConfig): string {
  return config.TWO_FACTOR_ENCRYPTION_KEY ?? dataDirKey(config.DATA_DIR, KEY_FILE);
}

// One cipher per configuration: the key file is read (or created) on first use, not per request,
// and not at all on a server where nobody sets up two-factor sign-in.
const ciphers = new WeakMap<KeyConfig, TokenCipher>();

function cipherOf(config: KeyConfig): TokenCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = new TokenCipher(keyMaterial(config), PURPOSE);
    ciphers.set(config, cipher);
  }
  return cipher;
}

export class SecretBox {
  constructor(private readonly config: KeyConfig) {}

  seal(secret: string): string {
    return cipherOf(this.config).encrypt(secret);
  }

  open(stored: string): string {
    return cipherOf(this.config).decrypt(stored);
  }
}
