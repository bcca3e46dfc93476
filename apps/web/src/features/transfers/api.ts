/** Transfers and transfer suggestions (issue 15): record, read, change, remove; list, accept, dismiss. */
import { useQuery } from '@tanstack/react-query';
import type { Transfer, TransferBody, TransferPatchBody, TransferSuggestion, TransferSuggestionBody } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { invalidateTransactions } from '../transactions/api';

export const transferKeys = {
  one: (id: number) => ['transfers', 'one', id] as const,
  // Under the transactions' key, so whatever refreshes the ledger after an import or a bank sync
  // (invalidateTransactions) also asks for suggestions again.
  suggestions: ['transactions', 'transfer-suggestions'] as const,
};

export const createTransfer = (body: TransferBody) => api.post<Transfer>('/transfers', body);
export const updateTransfer = (id: number, body: TransferPatchBody) => api.patch<Transfer>(`/transfers/${id}`, body);
export const deleteTransfer = (id: number) => api.delete<null>(`/transfers/${id}`);
export const acceptSuggestion = (body: TransferSuggestionBody) => api.post<Transfer>('/transfer-suggestions/accept', body);
export const dismissSuggestion = (body: TransferSuggestionBody) => api.post<null>('/transfer-suggestions/dismiss', body);

export function useTransfer(id: number | null) {
  return useQuery({ queryKey: transferKeys.one(id ?? 0), queryFn: () => api.get<Transfer>(`/transfers/${id ?? 0}`), enabled: id !== null });
}

export function useTransferSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: transferKeys.suggestions,
    queryFn: () => api.get<TransferSuggestion[]>('/transfer-suggestions'),
    enabled,
    staleTime: 60_000,
  });
}

/** A transfer touches two accounts' months, their figures and the open suggestions. */
export async function invalidateTransfers(): Promise<void> {
  await Promise.all([invalidateTransactions(), queryClient.invalidateQueries({ queryKey: ['transfers'] })]);
}
