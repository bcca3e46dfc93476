/** Passkeys in Settings (DECISIONS.md #80): list, add (password, then the browser's ceremony), remove. */
import { useQuery } from '@tanstack/react-query';
import type { Passkey, PasskeysResponse } from '@mindspend/api-contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api, ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { createPasskey, passkeyCeremonyMessage } from '../../lib/passkeys';
import { queryClient } from '../../lib/query-client';

export const passkeysKey = ['passkeys'] as const;

export const fetchPasskeys = () => api.get<PasskeysResponse>('/user/passkeys');
export const deletePasskey = (id: number) => api.delete<null>(`/user/passkeys/${id}`);

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
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(
    '/user/passkeys/registration-options',
    {
      current_password: currentPassword,
    },
  );
  const response: RegistrationResponseJSON = await createPasskey(options);
  return api.post<Passkey>('/user/passkeys', { ...(name.trim() && { name: name.trim() }), response });
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
