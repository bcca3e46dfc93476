/** Personal access tokens in Settings (DECISIONS.md #39): list, create (shown once), revoke. */
import { useQuery } from '@tanstack/react-query';
import type { CreatePersonalTokenBody, CreatedPersonalToken, PersonalToken } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const personalTokensKey = ['personal-tokens'] as const;

export const fetchPersonalTokens = () => api.get<{ tokens: PersonalToken[] }>('/user/tokens');
export const createPersonalToken = (body: CreatePersonalTokenBody) => api.post<CreatedPersonalToken>('/user/tokens', body);
export const revokePersonalToken = (id: number) => api.delete<null>(`/user/tokens/${id}`);

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
