/** Kysely types of passkeys (migration 0033, DECISIONS.md #80). */
import type { Generated, Selectable } from 'kysely';

/** A WebAuthn credential a person signs in with; the private key never leaves their authenticator. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential id, base64url, as the browser names it in every sign-in. */
  credential_id: string;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at the last sign-in: a copy's goes backwards (0: it keeps none). */
  counter: number;
  /** What the browser said reaches the authenticator ('internal,hybrid'); empty when it did not say. */
  transports: string;
  /** The WebAuthn user handle (random, base64url), the same for all of a person's passkeys. */
  user_handle: string;
  name: string;
  created_at: string;
  /** The last sign-in with it; null until it signs in. */
  last_used_at: string | null;
}

export type PasskeyChallengePurpose = 'registration' | 'authentication';

/** A challenge handed out and not yet answered: answered once, within its minutes. */
export interface PasskeyChallengesTable {
  /** SHA-256 hex of the challenge (base64url) the browser signs. */
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  /** The person adding a passkey; null for a sign-in, where the passkey says who it is. */
  user_id: number | null;
  /** The user handle the registration options carried; null for a sign-in. */
  user_handle: string | null;
  created_at: string;
  expires_at: string;
  /** Set by the one answer that used it; a second answer finds it set. */
  used_at: string | null;
}

export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export type PasskeyRow = Selectable<PasskeysTable>;
export type PasskeyChallengeRow = Selectable<PasskeyChallengesTable>;
