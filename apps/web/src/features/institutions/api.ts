import { useQuery } from '@tanstack/react-query';
import type { InstitutionsResponse } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';

export type { Institution, InstitutionsResponse } from '@mindspend/api-contract';

export const institutionsQueryKey = ['institutions'] as const;

/** GET /institutions: linked banks and whether a bank-linking provider is configured. */
export function useInstitutions() {
  return useQuery({
    queryKey: institutionsQueryKey,
    queryFn: () => api.get<InstitutionsResponse>('/institutions'),
  });
}
