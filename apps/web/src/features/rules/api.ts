/** Categorization rules (docs/DECISIONS.md #51, #52): list, add, change, reorder, remove, preview, apply. */
import { useQuery } from '@tanstack/react-query';
import type { CreateRuleBody, RuleItem, UpdateRuleBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const rulesKey = ['rules'] as const;

export const fetchRules = () => callApi('listRules');
export const createRule = (body: CreateRuleBody) => callApi('createRule', { body });
export const updateRule = (id: number, body: UpdateRuleBody) => callApi('updateRule', { params: { id }, body });
export const removeRule = (id: number) => callApi('deleteRule', { params: { id } });
export const reorderRules = (ids: number[]) => callApi('reorderRules', { body: { ids } });
export const previewRule = (id: number) => callApi('previewRule', { params: { id } });
export const applyRule = (id: number) => callApi('applyRule', { params: { id } });

export function useRules() {
  return useQuery({ queryKey: rulesKey, queryFn: fetchRules });
}

export function setRules(rules: RuleItem[]): void {
  queryClient.setQueryData(rulesKey, rules);
}

export function invalidateRules(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rulesKey });
}
