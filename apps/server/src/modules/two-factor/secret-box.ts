/**
 * Seals TOTP secrets at rest (DECISIONS.md #28) with the same AES-256-GCM as bank access tokens,
 * under a key of its own: TWO_FACTOR_ENCRYPTION_KEY, or else a random key created once in
 * DATA_DIR/two-factor.key, readable by the server's user only. A copy of the database alone
 * therefore never gives anyone a user's second factor, with or without configuration. The secret
 * is never logged.
 */
import { SEALING_KEY_FILE, type SealingKeyConfig, sealingKeyMaterial } from '../../lib/server-sealing-key';
import { TokenCipher } from '../institutions';

export const KEY_FILE = SEALING_KEY_FILE;
const PURPOSE = { salt: 'mindspend-two-factor', info: 'totp-secret-encryption-v1' };

type KeyConfig = SealingKeyConfig;

// One cipher per configuration: the key file is read (or created) on first use, not per request,
// and not at all on a server where nobody sets up two-factor sign-in.
const ciphers = new WeakMap<KeyConfig, TokenCipher>();

function cipherOf(config: KeyConfig): TokenCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = new TokenCipher(sealingKeyMaterial(config), PURPOSE);
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
