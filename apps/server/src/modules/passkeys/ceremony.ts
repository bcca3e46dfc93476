/**
 * What adding a passkey and signing in with one share (DECISIONS.md #80): the relying party read
 * from APP_URL, the challenges kept in the database, and the checks of the browser's client data
 * made before the signature is, so that each refusal says what was wrong.
 */
import { isIP } from 'node:net';
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_MESSAGES, PASSWORD_SIGN_IN_OFF } from '@mindspend/api-contract';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { PasskeyChallengePurpose, PasskeyChallengeRow } from '../../db/passkey-schema';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../lib/http-errors';
import { hashToken } from '../../lib/tokens';
import { deleteExpiredPasskeyChallenges, insertPasskeyChallenge } from './passkeys.repo';

export type PasskeyProblem = keyof typeof PASSKEY_MESSAGES;

/** The site passkeys are made for: APP_URL's host name and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** Expired challenges are kept this long, so a late answer is told it expired rather than unknown. */
const EXPIRED_KEPT_MS = 60 * 60_000;

/**
 * The relying party of APP_URL; null when its host is an IP address, which WebAuthn does not take
 * as a relying party id (`localhost` it does).
 */
export function relyingPartyOf(config: Config): RelyingParty | null {
  const url = new URL(config.APP_URL);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return null;
  return { id: host, origin: url.origin, name: 'Mindspend' };
}

/**
 * The relying party, or 403 with a sentence saying why this server offers no passkeys: its address
 * is an IP address, or OIDC_ONLY makes the household's provider the one way in (DECISIONS.md #81),
 * which a passkey would go around.
 */
export function requireRelyingParty(config: Config): RelyingParty {
  if (config.OIDC_ONLY) throw new HttpError(403, PASSWORD_SIGN_IN_OFF);
  const party = relyingPartyOf(config);
  if (!party) throw new HttpError(403, PASSKEY_MESSAGES.unavailable);
  return party;
}

/** What the browser says it signed, read from `clientDataJSON`; null when it is not that. */
export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
  crossOrigin?: boolean;
}

export function readClientData(encoded: string): ClientData | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { type, challenge, origin, crossOrigin } = parsed as Record<string, unknown>;
  if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string') return null;
  if (crossOrigin !== undefined && typeof crossOrigin !== 'boolean') return null;
  return { type, challenge, origin, ...(crossOrigin !== undefined && { crossOrigin }) };
}

/**
 * The client data's problem, if any: not of this ceremony, or made on another origin or inside
 * another site's frame (a phishing page relaying the ceremony would show its own origin).
 */
export function clientDataProblem(
  data: ClientData | null,
  type: 'webauthn.create' | 'webauthn.get',
  party: RelyingParty,
): PasskeyProblem | null {
  if (!data || data.type !== type) return 'unreadable';
  if (data.origin !== party.origin || data.crossOrigin === true) return 'wrongSite';
  return null;
}

/** Why a challenge cannot be answered now, if it cannot: never issued (or long gone), used, or late. */
export function challengeProblem(row: PasskeyChallengeRow | undefined, now: string): PasskeyProblem | null {
  if (!row) return 'expired';
  if (row.used_at !== null) return 'used';
  if (row.expires_at <= now) return 'expired';
  return null;
}

/** Stores a challenge just handed out (as its hash), sweeping those expired long ago. */
export async function storeChallenge(
  deps: AppDeps,
  db: Kysely<Database>,
  challenge: string,
  owner: { purpose: PasskeyChallengePurpose; userId: number | null; userHandle: string | null },
): Promise<void> {
  const now = deps.clock.now().getTime();
  await deleteExpiredPasskeyChallenges(db, new Date(now - EXPIRED_KEPT_MS).toISOString());
  await insertPasskeyChallenge(db, {
    challengeHash: hashToken(challenge),
    ...owner,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + PASSKEY_CHALLENGE_MINUTES * 60_000).toISOString(),
  });
}

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];

/** The transports WebAuthn knows among those a browser named (kept comma-separated). */
export function knownTransports(names: readonly string[]): AuthenticatorTransport[] {
  return TRANSPORTS.filter((transport) => names.includes(transport));
}
