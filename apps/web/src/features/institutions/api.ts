/** Calls of Connected Institutions (DECISIONS.md #8, #106): list, link token, link (Plaid, SimpleFIN), re-link, remove, import. */
import { useQuery } from '@tanstack/react-query';
import type { LinkInstitutionBody, LinkSimplefinBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';
import { invalidateTransactions } from '../transactions/api';

export type { BankImportResponse, Institution, InstitutionsResponse } from '@mindspend/api-contract';

export const institutionsQueryKey = ['institutions'] as const;

export const fetchInstitutions = () => callApi('listInstitutions');
/** A link token for a new link, or (with an id) for re-linking that institution in update mode. */
export const createLinkToken = (institutionId?: number) =>
  callApi('createLinkToken', { body: institutionId === undefined ? {} : { institution_id: institutionId } });
export const linkInstitution = (body: LinkInstitutionBody) => callApi('linkInstitution', { body });
export const markRelinked = (id: number) => callApi('markInstitutionRelinked', { params: { id } });
export const deleteInstitution = (id: number) => callApi('deleteInstitution', { params: { id } });
/** Every linked bank, or ("Sync now") the one institution given. */
export const importBankTransactions = (institutionId?: number) =>
  callApi('importBankTransactions', { body: institutionId === undefined ? {} : { institution_id: institutionId } });
/** A SimpleFIN Bridge setup token, claimed on the server (DECISIONS.md #106). */
export const linkSimplefin = (body: LinkSimplefinBody) => callApi('linkSimplefin', { body });

/** GET /institutions: linked banks and whether a bank-linking provider is configured. */
export function useInstitutions() {
  return useQuery({ queryKey: institutionsQueryKey, queryFn: fetchInstitutions });
}

/** After a link, re-link, removal or import: the list, and the ledger's accounts and transactions. */
export async function invalidateInstitutions(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: institutionsQueryKey }), invalidateTransactions()]);
}
