/** Payees and payors (spec §7): list in name order, one, create on an account, update. */
import { useQuery } from '@tanstack/react-query';
import type { EntityBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const entityKeys = {
  all: ['entities'] as const,
  list: () => ['entities', 'list'] as const,
  one: (id: number) => ['entities', 'one', id] as const,
};

export const fetchEntities = () => callApi('listEntities');
export const fetchEntity = (id: number) => callApi('getEntity', { params: { id } });
export const createEntity = (accountId: number, body: EntityBody) => callApi('createEntity', { params: { id: accountId }, body });
export const updateEntity = (id: number, body: EntityBody) => callApi('updateEntity', { params: { id }, body });

export function useEntities() {
  return useQuery({ queryKey: entityKeys.list(), queryFn: fetchEntities });
}

export function useEntity(id: number | null) {
  return useQuery({ queryKey: entityKeys.one(id ?? 0), queryFn: () => fetchEntity(id ?? 0), enabled: id !== null });
}

/** A saved payee shows up in every picker and row at once. */
export function invalidateEntities(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: entityKeys.all });
}
