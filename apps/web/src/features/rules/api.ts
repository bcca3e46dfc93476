/** Categorization rules (docs/DECISIONS.md #51, #52): list, add, change, reorder, remove, preview, apply. */
import { useQuery } from '@tanstack/react-query';
import type { CreateRuleBody, RuleApplyResult, RuleItem, RulePreview, UpdateRuleBody } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const rulesKey = ['rules'] as const;

export const fetchRules = () => api.get<RuleItem[]>('/rules');
export const createRule = (body: CreateRuleBody) => api.post<RuleItem>('/rules', body);
export const updateRule = (id: number, body: UpdateRuleBody) => api.patch<RuleItem>(`/rules/${id}`, body);
export const removeRule = (id: number) => api.delete<null>(`/rules/${id}`);
export const reorderRules = (ids: number[]) => api.put<RuleItem[]>('/rules/order', { ids });
export const previewRule = (id: number) => api.post<RulePreview>(`/rules/${id}/preview`);
export const applyRule = (id: number) => api.post<RuleApplyResult>(`/rules/${id}/apply`);

export function useRules() {
  return useQuery({ queryKey: rulesKey, queryFn: fetchRules });
}

export function setRules(rules: RuleItem[]): void {
  queryClient.setQueryData(rulesKey, rules);
}

export function invalidateRules(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rulesKey });
}
