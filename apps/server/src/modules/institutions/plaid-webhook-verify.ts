/**
 * Checks a Plaid webhook's `Plaid-Verification` header (DECISIONS.md #112), Plaid's own scheme: a
 * JWT signed ES256 by a key Plaid names by `kid` and hands out at /webhook_verification_key/get;
 * its payload's `request_body_sha256` is the SHA-256 of the raw body, `iat` when it was signed.
 * Only node:crypto: a JWT of one fixed algorithm does not justify a JOSE library.
 */
import { createHash, createPublicKey, type JsonWebKey, type KeyObject, timingSafeEqual, verify } from 'node:crypto';
import { z } from 'zod';

/** Older than this, a webhook is refused: a recorded one cannot be played again later. */
export const MAX_WEBHOOK_AGE_SECONDS = 5 * 60;
/** Keys kept at once; a flood of made-up kids asks Plaid at most once each (the route is rate-limited too). */
const MAX_CACHED_KEYS = 20;
/** Plaid has a key or two at a time: a flood of made-up kids makes at most this many calls to Plaid a minute. */
const KEY_FETCHES_PER_MINUTE = 10;
/** A kept key is asked for again after this, so a key Plaid retired (expired_at set) stops being trusted. */
const KEY_KEPT_MS = 24 * 60 * 60_000;

/** Plaid's answer of /webhook_verification_key/get: a P-256 public key as a JWK. */
export const verificationKeySchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  expired_at: z.number().nullish(),
});
export type PlaidVerificationKey = z.infer<typeof verificationKeySchema>;

const headerSchema = z.object({ alg: z.string(), kid: z.string().min(1).max(200) });
const payloadSchema = z.object({ iat: z.number(), request_body_sha256: z.string() });

/** Why a webhook was refused, for the log (never the token itself). */
export type VerifyOutcome = { ok: true } | { ok: false; reason: string };

/** Verifies webhooks with Plaid's keys, each fetched once by kid and kept. */
export class PlaidWebhookVerifier {
  private readonly keys = new Map<string, { key: KeyObject; fetchedAt: number }>();
  private fetches: number[] = [];

  constructor(
    /** Plaid's key of that kid; throws when Plaid refuses (an unknown kid). */
    private readonly fetchKey: (kid: string) => Promise<PlaidVerificationKey>,
  ) {}

  async verify(rawBody: string, token: string | undefined, now: Date): Promise<VerifyOutcome> {
    const parts = token?.split('.') ?? [];
    if (parts.length !== 3) return refused('no Plaid-Verification JWT');
    const [encodedHeader = '', encodedPayload = '', encodedSignature = ''] = parts;
    const header = headerSchema.safeParse(decodeJson(encodedHeader));
    if (!header.success) return refused('unreadable JWT header');
    // The algorithm is fixed here, never taken from the token: no 'none', no HMAC with a public key.
    if (header.data.alg !== 'ES256') return refused(`algorithm ${header.data.alg.slice(0, 20)} is not ES256`);
    const payload = payloadSchema.safeParse(decodeJson(encodedPayload));
    if (!payload.success) return refused('unreadable JWT payload');
    const age = now.getTime() / 1000 - payload.data.iat;
    if (age > MAX_WEBHOOK_AGE_SECONDS) return refused('signed more than 5 minutes ago');
    if (age < -MAX_WEBHOOK_AGE_SECONDS) return refused('signed in the future');

    let key: KeyObject;
    try {
      key = await this.keyFor(header.data.kid, now);
    } catch (error) {
      return refused(`no usable key: ${error instanceof Error ? error.message : String(error)}`);
    }
    const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`);
    const signature = Buffer.from(encodedSignature, 'base64url');
    // ES256's signature is r‖s (64 bytes), not DER.
    if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) return refused('bad signature');

    const bodyHash = createHash('sha256').update(rawBody, 'utf8').digest();
    const claimed = Buffer.from(payload.data.request_body_sha256, 'hex');
    if (claimed.length !== bodyHash.length || !timingSafeEqual(claimed, bodyHash)) return refused('body hash differs');
    return { ok: true };
  }

  private async keyFor(kid: string, now: Date): Promise<KeyObject> {
    const cached = this.keys.get(kid);
    if (cached && now.getTime() - cached.fetchedAt < KEY_KEPT_MS) return cached.key;
    this.keys.delete(kid);
    this.fetches = this.fetches.filter((at) => now.getTime() - at < 60_000);
    if (this.fetches.length >= KEY_FETCHES_PER_MINUTE) throw new Error('too many unknown keys asked for this minute');
    this.fetches.push(now.getTime());
    const jwk = verificationKeySchema.parse(await this.fetchKey(kid));
    // Plaid sets expired_at on a key it has retired: a webhook signed with it is not Plaid's now.
    if (jwk.expired_at !== null && jwk.expired_at !== undefined) throw new Error(`key ${kid.slice(0, 40)} has expired`);
    const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } satisfies JsonWebKey, format: 'jwk' });
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
    this.keys.set(kid, { key, fetchedAt: now.getTime() });
    return key;
  }
}

function refused(reason: string): VerifyOutcome {
  return { ok: false, reason };
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
