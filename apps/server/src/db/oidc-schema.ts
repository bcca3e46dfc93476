/** Kysely types of single sign-on (migration 0034, DECISIONS.md #81). */
import type { Selectable } from 'kysely';

/** A provider identity linked to a person: the pair (issuer, subject) signs them in. */
export interface OidcIdentitiesTable {
  /** The provider's issuer identifier as its discovery document states it. */
  issuer: string;
  /** The provider's `sub` for the person: stable, unlike the e-mail. */
  subject: string;
  user_id: number;
  /** The address the provider gave at the last sign-in (for the record; the subject decides). */
  email: string;
  created_at: string;
  last_used_at: string;
}

/** A sign-in sent to the provider and not back yet: the callback uses it once. */
export interface OidcStatesTable {
  /** SHA-256 hex of `state`; the value itself is in the browser's cookie and the URL. */
  state_hash: string;
  nonce: string;
  /** The PKCE secret: sent to the token endpoint with the code, never to the browser. */
  code_verifier: string;
  /** SHA-256 hex of the invitation the sign-in started from (SIGNUP=invite), or null. */
  invitation_hash: string | null;
  /** The browser's offset from UTC, for an account the sign-in creates when no zone came (older clients). */
  timezone: number;
  /** The browser's time zone, for an account the sign-in creates (migration 0037); null: only the offset came. */
  time_zone: string | null;
  created_at: string;
  expires_at: string;
}

export type OidcHandoverKind = 'sign_in' | 'link';

/**
 * What the callback leaves for the web app, under a single-use code: a sign-in to finish
 * (`sign_in`), or an identity to link to the account with its e-mail once the password is
 * confirmed (`link`).
 */
export interface OidcHandoversTable {
  /** SHA-256 hex of the code the web app holds. */
  code_hash: string;
  user_id: number;
  kind: OidcHandoverKind;
  issuer: string;
  subject: string;
  email: string;
  created_at: string;
  expires_at: string;
}

export interface OidcTables {
  oidc_identities: OidcIdentitiesTable;
  oidc_states: OidcStatesTable;
  oidc_handovers: OidcHandoversTable;
}

export type OidcStateRow = Selectable<OidcStatesTable>;
export type OidcHandoverRow = Selectable<OidcHandoversTable>;
