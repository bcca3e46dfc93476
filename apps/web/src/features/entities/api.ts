/** Payees and payors (spec §7): list in name order, one, create on an account, update. */
import { useQuery } from '@tanstack/react-query';
import type { Entity, EntityBody } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const entityKeys = {
  all: ['entities'] as const,
  list: () => ['entities', 'list'] as const,
  one: (id: number) => ['entities', 'one', id] as const,
};

export const fetchEntities = () => api.get<Entity[]>('/transactions/entities');
export const fetchEntity = (id: number) => api.get<Entity>(`/transactions/entities/${id}`);
export const createEntity = (accountId: number, body: EntityBody) => api.post<Entity>(`/accounts/${accountId}/entities`, body);
export const updateEntity = (id: number, body: EntityBody) => api.put<Entity>(`/transactions/entities/${id}`, body);

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
