/** Transfers and transfer suggestions (issue 15): record, read, change, remove; list, accept, dismiss. */
import { useQuery } from '@tanstack/react-query';
import type { TransferBody, TransferPatchBody, TransferSuggestionBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';
import { invalidateTransactions } from '../transactions/api';

export const transferKeys = {
  one: (id: number) => ['transfers', 'one', id] as const,
  // Under the transactions' key, so whatever refreshes the ledger after an import or a bank sync
  // (invalidateTransactions) also asks for suggestions again.
  suggestions: ['transactions', 'transfer-suggestions'] as const,
};

export const createTransfer = (body: TransferBody) => callApi('createTransfer', { body });
export const updateTransfer = (id: number, body: TransferPatchBody) => callApi('updateTransfer', { params: { id }, body });
export const deleteTransfer = (id: number) => callApi('deleteTransfer', { params: { id } });
export const acceptSuggestion = (body: TransferSuggestionBody) => callApi('acceptTransferSuggestion', { body });
export const dismissSuggestion = (body: TransferSuggestionBody) => callApi('dismissTransferSuggestion', { body });

export function useTransfer(id: number | null) {
  return useQuery({ queryKey: transferKeys.one(id ?? 0), queryFn: () => callApi('getTransfer', { params: { id: id ?? 0 } }), enabled: id !== null });
}

export function useTransferSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: transferKeys.suggestions,
    queryFn: () => callApi('listTransferSuggestions'),
    enabled,
    staleTime: 60_000,
  });
}

/** A transfer touches two accounts' months, their figures and the open suggestions. */
export async function invalidateTransfers(): Promise<void> {
  await Promise.all([invalidateTransactions(), queryClient.invalidateQueries({ queryKey: ['transfers'] })]);
}
