/**
 * The key bank credentials are sealed under (DECISIONS.md #106): BANK_TOKEN_ENCRYPTION_KEY, or on
 * SQLite a random key made once in DATA_DIR/bank-token.key — no longer derived from PLAID_SECRET,
 * so rotating Plaid's secret no longer forces every bank to be linked again. Values sealed under
 * this key are `bank.v1.…`; a value without the prefix is an older one sealed under PLAID_SECRET
 * (DECISIONS.md #8), still read with that secret until the start-up step re-seals it
 * (credential-reseal.ts).
 */
import type { Config } from '../../config';
import { dataDirKey } from '../../lib/data-dir-key';
import { TokenCipher } from '../../lib/token-cipher';

export const BANK_KEY_FILE = 'bank-token.key';
const PREFIX = 'bank.';
/** A purpose of its own: the same key material never seals two kinds of secret alike. */
const PURPOSE = { salt: 'mindspend-bank-credentials', info: 'bank-credential-encryption-v1' };

export type BankKeyConfig = Pick<Config, 'BANK_TOKEN_ENCRYPTION_KEY' | 'DATA_DIR' | 'DATABASE_URL'>;

/**
 * Where the key comes from, or null when there is none to be had: on PostgreSQL only the variable
 * (processes on several machines would each make a key file of their own; config.ts refuses Plaid
 * without it there). The key file is made on first use, not at start-up.
 */
export function bankKeySource(config: BankKeyConfig): (() => string) | null {
  if (config.BANK_TOKEN_ENCRYPTION_KEY !== undefined) {
    const key = config.BANK_TOKEN_ENCRYPTION_KEY;
    return () => key;
  }
  if (config.DATABASE_URL) return null;
  return () => dataDirKey(config.DATA_DIR, BANK_KEY_FILE);
}

export class BankTokenCipher {
  private cipher: TokenCipher | null = null;

  /** `legacy`: the cipher of PLAID_SECRET, which sealed the credentials of links made before. */
  constructor(
    private readonly keySource: () => string,
    private readonly legacy: TokenCipher | null,
  ) {}

  encrypt(plain: string): string {
    return `${PREFIX}${this.current().encrypt(plain)}`;
  }

  /** Throws when the value was changed, or was sealed under another key (or an older, lost PLAID_SECRET). */
  decrypt(stored: string): string {
    if (stored.startsWith(PREFIX)) return this.current().decrypt(stored.slice(PREFIX.length));
    if (!this.legacy) throw new Error('A bank credential sealed under PLAID_SECRET, which is no longer set.');
    return this.legacy.decrypt(stored);
  }

  /** Whether the value was sealed the old way, under PLAID_SECRET. */
  static isLegacy(stored: string): boolean {
    return !stored.startsWith(PREFIX);
  }

  private current(): TokenCipher {
    this.cipher ??= new TokenCipher(this.keySource(), PURPOSE);
    return this.cipher;
  }
}
