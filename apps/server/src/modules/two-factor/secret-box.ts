/**
 * Seals TOTP secrets at rest (DECISIONS.md #28) with the same AES-256-GCM as bank access tokens,
 * under a key of its own: TWO_FACTOR_ENCRYPTION_KEY, or else a random key created once in
 * DATA_DIR/two-factor.key, readable by the server's user only. A copy of the database alone
 * therefore never gives anyone a user's second factor, with or without configuration. The secret
 * is never logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { TokenCipher } from '../institutions';

export const KEY_FILE = 'two-factor.key';
const PURPOSE = { salt: 'mindspend-two-factor', info: 'totp-secret-encryption-v1' };

type KeyConfig = Pick<Config, 'TWO_FACTOR_ENCRYPTION_KEY' | 'DATA_DIR'>;

function keyMaterial(config: KeyConfig): string {
  if (config.TWO_FACTOR_ENCRYPTION_KEY) return config.TWO_FACTOR_ENCRYPTION_KEY;
  const file = path.join(config.DATA_DIR, KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    // 'wx': two processes starting at once must not each write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
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
