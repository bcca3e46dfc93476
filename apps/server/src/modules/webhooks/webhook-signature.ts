/**
 * The signature of a delivery (DECISIONS.md #94), as Stripe signs its webhooks: the header
 * `Mindspend-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`.
 * Signing the time with the body lets a receiver refuse an old delivery replayed to it.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'mindspend-signature';

/** The header's value for `body` sent at `at`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
