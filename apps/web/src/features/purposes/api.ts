/** Purpose targets, the month's purposes and its reflection (DECISIONS.md #45). */
import { useQuery } from '@tanstack/react-query';
import type { PurposeMonth, PurposeTargetsBody, PurposeTargetsResponse, Reflection, ReflectionBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const purposeKeys = {
  targets: ['purpose-targets'] as const,
  month: (ym: YearMonth) => ['purposes', 'month', ym.year, ym.month] as const,
  reflection: (ym: YearMonth) => ['reflections', ym.year, ym.month] as const,
};

const monthPath = (ym: YearMonth) => `month/${ym.month}/year/${ym.year}`;

export const fetchTargets = () => api.get<PurposeTargetsResponse>('/purpose-targets');
export const saveTargets = (body: PurposeTargetsBody) => api.put<PurposeTargetsResponse>('/purpose-targets', body);
export const fetchPurposeMonth = (ym: YearMonth) => api.get<PurposeMonth>(`/purposes/${monthPath(ym)}`);
export const fetchReflection = (ym: YearMonth) => api.get<Reflection>(`/reflections/${monthPath(ym)}`);
export const saveReflection = (ym: YearMonth, body: ReflectionBody) => api.put<Reflection>(`/reflections/${monthPath(ym)}`, body);

export function usePurposeTargets() {
  return useQuery({ queryKey: purposeKeys.targets, queryFn: fetchTargets });
}

export function usePurposeMonth(ym: YearMonth) {
  return useQuery({ queryKey: purposeKeys.month(ym), queryFn: () => fetchPurposeMonth(ym) });
}

export function useReflection(ym: YearMonth) {
  return useQuery({ queryKey: purposeKeys.reflection(ym), queryFn: () => fetchReflection(ym) });
}

/** New targets change every month's figures. */
export async function invalidatePurposes(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: purposeKeys.targets }),
    queryClient.invalidateQueries({ queryKey: ['purposes'] }),
  ]);
}
