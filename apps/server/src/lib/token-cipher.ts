/**
 * Encrypts a bank provider's access token before it is stored (AES-256-GCM): a copy of the
 * database alone does not let anyone read a person's bank. The key is derived with HKDF-SHA256
 * from PLAID_SECRET, which lives only in the server's environment.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed salt and info: the key must come out the same on every start, and differ from any other use of the secret. */
const SALT = 'mindspend-bank-link';
const INFO = 'access-token-encryption-v1';

export class TokenCipher {
  private readonly key: Buffer;

  /** `purpose` gives another use (e.g. two-factor secrets) a key of its own from its own secret. */
  constructor(secret: string, purpose: { salt: string; info: string } = { salt: SALT, info: INFO }) {
    if (!secret) throw new Error('A secret is needed to encrypt bank access tokens.');
    this.key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
  }

  /** `v1.<base64 of iv | tag | ciphertext>`; a fresh random IV each time. */
  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  /** Throws when the value was changed, or was sealed with another secret. */
  decrypt(stored: string): string {
    const [version, payload] = stored.split('.', 2);
    if (version !== VERSION || !payload) throw new Error('Unknown format of an encrypted access token.');
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('An encrypted access token is truncated.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}
