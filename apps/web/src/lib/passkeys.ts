/**
 * The browser's side of passkeys (DECISIONS.md #80), shared by the sign-in page and Settings.
 * @simplewebauthn/browser is loaded when a passkey is first used, so the sign-in page's first load
 * does not grow for the people who never use one.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** True when this browser can make and use passkeys (WebAuthn), as the library itself decides. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the authenticator to make a passkey for the server's creation options. */
export async function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

/** Asks the authenticator to sign the server's challenge with a passkey the person picks. */
export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/**
 * What to tell the person when the browser or the authenticator stopped the ceremony (not the
 * server: its refusals are ApiErrors with its own words); null for anything else.
 */
export function passkeyCeremonyMessage(failure: unknown): string | null {
  if (!(failure instanceof Error)) return null;
  const code = 'code' in failure ? failure.code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || failure.name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.';
  }
  if (failure.name === 'NotAllowedError' || failure.name === 'AbortError') {
    return 'The passkey request was cancelled or timed out. Please try again.';
  }
  if (failure.name === 'SecurityError') return 'This browser does not allow passkeys for this address.';
  if (failure.name === 'NotSupportedError' || failure.message.includes('WebAuthn is not supported')) {
    return 'This browser or device cannot use passkeys.';
  }
  return null;
}
