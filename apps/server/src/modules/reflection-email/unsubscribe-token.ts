/**
 * Signed unsubscribe links (docs/DECISIONS.md #60): `<user id>.<HMAC-SHA256>` over the user id and
 * what the link is for, under UNSUBSCRIBE_SECRET (or a random key in DATA_DIR/unsubscribe.key).
 * The link works without signing in, so the signature is what stops anyone from turning off
 * somebody else's e-mail by changing the number; tying it to its purpose keeps one signed link
 * from ever being accepted for anything else.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { dataDirKey } from '../../lib/data-dir-key';

export const UNSUBSCRIBE_KEY_FILE = 'unsubscribe.key';
const PURPOSE = 'reflection-email-unsubscribe-v1';

type KeyConfig = Pick<Config, 'UNSUBSCRIBE_SECRET' | 'DATA_DIR'>;

// One key per configuration, read (or created) on first use, not per e-mail or request.
const keys = new WeakMap<KeyConfig, Buffer>();

function keyOf(config: KeyConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    const material = config.UNSUBSCRIBE_SECRET ?? dataDirKey(config.DATA_DIR, UNSUBSCRIBE_KEY_FILE);
    key = Buffer.from(hkdfSync('sha256', material, 'mindspend-unsubscribe', 'unsubscribe-link-v1', 32));
    keys.set(config, key);
  }
  return key;
}

function mac(config: KeyConfig, userId: number): Buffer {
  return createHmac('sha256', keyOf(config)).update(`${PURPOSE}:${userId}`).digest();
}

/** The token of a user's unsubscribe link; it does not expire (a link in an old e-mail still works). */
export function signUnsubscribeToken(config: KeyConfig, userId: number): string {
  return `${userId}.${mac(config, userId).toString('base64url')}`;
}

/** The user id a token was signed for, or null for anything not signed by this server. */
export function verifyUnsubscribeToken(config: KeyConfig, token: string): number | null {
  const match = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2], 'base64url');
  const expected = mac(config, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
