/** Personal access tokens in Settings (DECISIONS.md #39): list, create (shown once), revoke. */
import { useQuery } from '@tanstack/react-query';
import type { CreatePersonalTokenBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const personalTokensKey = ['personal-tokens'] as const;

export const fetchPersonalTokens = () => callApi('listPersonalTokens');
export const createPersonalToken = (body: CreatePersonalTokenBody) => callApi('createPersonalToken', { body });
export const revokePersonalToken = (id: number) => callApi('deletePersonalToken', { params: { id } });

export function usePersonalTokens() {
  return useQuery({ queryKey: personalTokensKey, queryFn: fetchPersonalTokens });
}

export function invalidatePersonalTokens(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: personalTokensKey });
}

/** "Never", or the day and time in the browser's own zone (last use is exact to five minutes). */
export function formatTokenTime(iso: string | null, locale?: string): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
