/** Signing in with a passkey (DECISIONS.md #80): the server's options, the browser's ceremony, the session. */
import type { AuthResponse } from '@mindspend/api-contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from '../../lib/api-routes';
import { passkeyCeremonyMessage, signWithPasskey } from '../../lib/passkeys';
import { authFailureMessages } from './auth-errors';

/** Usernameless: the options name nobody, the passkey the person picks says whose account it is. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  // The contract types the options in wire terms (hints as plain strings); the browser library names
  // the same JSON with its own narrower types.
  const options = (await callApi('getPasskeyLoginOptions', { skipAuth: true })) as PublicKeyCredentialRequestOptionsJSON;
  const response = await signWithPasskey(options);
  // The library's extension results are an interface; the contract reads any object (same JSON).
  const sent = { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
  return callApi('loginWithPasskey', { body: { response: sent }, skipAuth: true });
}

/**
 * Messages for a failed passkey sign-in: the browser's cancel or refusal in plain words, else the
 * server's own (a used or expired request, an unknown passkey: 401 with the reason; 403 when the
 * server offers no passkeys).
 */
export function passkeySignInFailure(failure: unknown): string[] {
  const ceremony = passkeyCeremonyMessage(failure);
  return ceremony ? [ceremony] : authFailureMessages(failure);
}
