/** Passkeys in Settings (DECISIONS.md #80): list, add (password, then the browser's ceremony), remove. */
import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '@mindspend/api-contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { createPasskey, passkeyCeremonyMessage } from '../../lib/passkeys';
import { queryClient } from '../../lib/query-client';

export const passkeysKey = ['passkeys'] as const;

export const fetchPasskeys = () => callApi('listPasskeys');
export const deletePasskey = (id: number) => callApi('deletePasskey', { params: { id } });

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: fetchPasskeys });
}

export function invalidatePasskeys(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: passkeysKey });
}

/**
 * Adds a passkey: the server checks the password and answers the options, the browser makes the
 * passkey, the server verifies and keeps it. An empty name leaves the naming to the server (the device).
 */
export async function addPasskey(currentPassword: string, name: string): Promise<Passkey> {
  // The contract types the options in wire terms (hints as plain strings); the browser library names
  // the same JSON with its own narrower types.
  const options = (await callApi('getPasskeyRegistrationOptions', {
    body: { current_password: currentPassword },
  })) as PublicKeyCredentialCreationOptionsJSON;
  const response: RegistrationResponseJSON = await createPasskey(options);
  // The library's extension results are an interface; the contract reads any object (same JSON).
  const sent = { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
  return callApi('createPasskey', { body: { ...(name.trim() && { name: name.trim() }), response: sent } });
}

/**
 * Messages for a failed addition, in the server's words: its 422s, and its 403 when this server
 * offers no passkeys (the catalogue would call that unexpected); the browser's cancel in plain words.
 */
export function passkeyFailureMessages(failure: unknown): string[] {
  if (failure instanceof ApiError) {
    return failure.status === 403 && failure.serverMessage ? [failure.serverMessage] : failure.messages;
  }
  const ceremony = passkeyCeremonyMessage(failure);
  return [ceremony ?? UNEXPECTED_ERROR];
}
