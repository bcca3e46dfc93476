/** Calls of Connected Institutions (DECISIONS.md #8): list, link token, link, re-link, remove, import. */
import { useQuery } from '@tanstack/react-query';
import type {
  BankImportResponse,
  Institution,
  InstitutionsResponse,
  LinkInstitutionBody,
  LinkTokenResponse,
} from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { invalidateTransactions } from '../transactions/api';

export type { BankImportResponse, Institution, InstitutionsResponse } from '@mindspend/api-contract';

export const institutionsQueryKey = ['institutions'] as const;

export const fetchInstitutions = () => api.get<InstitutionsResponse>('/institutions');
/** A link token for a new link, or (with an id) for re-linking that institution in update mode. */
export const createLinkToken = (institutionId?: number) =>
  api.post<LinkTokenResponse>('/institutions/link-token', institutionId === undefined ? {} : { institution_id: institutionId });
export const linkInstitution = (body: LinkInstitutionBody) => api.post<Institution>('/institutions', body);
export const markRelinked = (id: number) => api.post<Institution>(`/institutions/${id}/relinked`);
export const deleteInstitution = (id: number) => api.delete<null>(`/institutions/${id}`);
export const importBankTransactions = () => api.post<BankImportResponse>('/transactions/import');

/** GET /institutions: linked banks and whether a bank-linking provider is configured. */
export function useInstitutions() {
  return useQuery({ queryKey: institutionsQueryKey, queryFn: fetchInstitutions });
}

/** After a link, re-link, removal or import: the list, and the ledger's accounts and transactions. */
export async function invalidateInstitutions(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: institutionsQueryKey }), invalidateTransactions()]);
}
