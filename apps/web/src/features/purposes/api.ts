/** Purpose targets, the month's purposes and its reflection (DECISIONS.md #45). */
import { useQuery } from '@tanstack/react-query';
import type { PurposeTargetsBody, ReflectionBody } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const purposeKeys = {
  targets: ['purpose-targets'] as const,
  month: (ym: YearMonth) => ['purposes', 'month', ym.year, ym.month] as const,
  reflection: (ym: YearMonth) => ['reflections', ym.year, ym.month] as const,
};

const monthParams = (ym: YearMonth) => ({ month: ym.month, year: ym.year });

export const fetchTargets = () => callApi('getPurposeTargets');
export const saveTargets = (body: PurposeTargetsBody) => callApi('setPurposeTargets', { body });
export const fetchPurposeMonth = (ym: YearMonth) => callApi('getPurposesMonth', { params: monthParams(ym) });
export const fetchReflection = (ym: YearMonth) => callApi('getReflection', { params: monthParams(ym) });
export const saveReflection = (ym: YearMonth, body: ReflectionBody) => callApi('saveReflection', { params: monthParams(ym), body });

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
