/**
 * Passkeys (WebAuthn, DECISIONS.md #80): several per person, added in Settings with the current
 * password, and a sign-in without a password or a code. The WebAuthn JSON shapes are checked
 * loosely here (the fields the server reads, each a bounded string); the signature and the
 * attestation are @simplewebauthn/server's to verify.
 */
import { z } from 'zod';
import { optionalText, text } from './common';

export const PASSKEY_NAME_MAX = 100;
/** Enough for every phone, laptop and key a person uses; more usually means forgotten ones. */
export const MAX_PASSKEYS = 20;
/** Minutes a WebAuthn challenge can be answered; after that the ceremony starts again. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** 401 of `POST /login/passkey`; 422 under `response` of `POST /user/passkeys`. */
export const PASSKEY_MESSAGES = {
  unreadable: 'The passkey’s answer could not be read. Please try again.',
  expired: 'This passkey request has expired. Please try again.',
  used: 'This passkey request was already used. Please try again.',
  wrongSite: 'This passkey answer was made for another site, not this Mindspend server.',
  notRecognized:
    'This passkey is not registered with Mindspend. Sign in with your password, then add it in Settings.',
  notVerified: 'The passkey could not be verified. Please try again.',
  counterBackwards:
    'This passkey reported fewer uses than before, as a copy of it would. Sign in another way and remove it in Settings.',
  alreadyAdded: 'This passkey is already registered.',
  tooMany: `You already have ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
  /** 403: WebAuthn takes a domain name as the relying party, never an IP address. */
  unavailable:
    'Passkeys are not available on this server: its address (APP_URL) must be a domain name, not an IP address.',
} as const;

/** A base64url string of at most `max` characters: ids, challenges, signatures, CBOR. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url text.');

/** Credential ids are at most 1023 bytes (the WebAuthn standard), 1364 characters in base64url. */
const CREDENTIAL_ID_MAX = 1400;
const CLIENT_DATA_MAX = 4096;
const AUTHENTICATOR_DATA_MAX = 16_384;
const transports = z.array(z.string().max(32)).max(10);
/** The browser's extension outputs: passed on as given, bounded by the body's depth and size limits. */
const clientExtensionResults = z.record(z.string(), z.unknown()).default({});

/** What `startRegistration()` of @simplewebauthn/browser answers. */
export const registrationCredentialSchema = z.object({
  id: base64url(CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(CLIENT_DATA_MAX),
    attestationObject: base64url(AUTHENTICATOR_DATA_MAX * 4),
    authenticatorData: base64url(AUTHENTICATOR_DATA_MAX).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(AUTHENTICATOR_DATA_MAX).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** What `startAuthentication()` of @simplewebauthn/browser answers. */
export const authenticationCredentialSchema = z.object({
  id: base64url(CREDENTIAL_ID_MAX).min(1),
  rawId: base64url(CREDENTIAL_ID_MAX).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(CLIENT_DATA_MAX),
    authenticatorData: base64url(AUTHENTICATOR_DATA_MAX),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** POST /user/passkeys/registration-options: a session alone cannot add a passkey (DECISIONS.md #80). */
export const passkeyRegistrationOptionsBody = z.object({ current_password: optionalText(1024) });
export type PasskeyRegistrationOptionsBody = z.input<typeof passkeyRegistrationOptionsBody>;

/** The extension inputs the options carry: `credProps`, so the browser says whether the passkey is discoverable. */
const extensionInputs = z.object({ credProps: z.boolean().optional() });
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: transports.optional(),
});

/** WebAuthn's PublicKeyCredentialCreationOptionsJSON, as `startRegistration()` takes it. */
export const passkeyRegistrationOptionsResponse = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionInputs.optional(),
});

/** POST /user/passkeys: the browser's answer to the options, and a name (the device's by default). */
export const addPasskeyBody = z.object({
  name: text(PASSKEY_NAME_MAX).optional(),
  response: registrationCredentialSchema,
});
export type AddPasskeyBody = z.input<typeof addPasskeyBody>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** ISO-8601 UTC of the last sign-in with it; null when never used to sign in. */
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeysResponse = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeysResponse = z.infer<typeof passkeysResponse>;

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON: no allowCredentials, the passkey says who. */
export const passkeyLoginOptionsResponse = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionInputs.optional(),
});

/** POST /login/passkey: the browser's signed answer to the challenge of the options. */
export const passkeyLoginBody = z.object({ response: authenticationCredentialSchema });
export type PasskeyLoginBody = z.input<typeof passkeyLoginBody>;
