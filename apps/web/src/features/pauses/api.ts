/** The pause list (issue 31, DECISIONS.md #99): list, pause, decide, remove, and the summary of a range. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePauseBody, DecidePauseBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { notificationsKey } from '../../lib/notifications';
import { queryClient } from '../../lib/query-client';

export const pauseKeys = {
  all: ['pauses'] as const,
  list: () => ['pauses', 'list'] as const,
  summary: (from: string, to: string) => ['pauses', 'summary', from, to] as const,
};

export const fetchPauses = () => callApi('listPauses');
export const fetchPauseSummary = (from: string, to: string) => callApi('getPauseSummary', { query: { from, to } });
export const createPause = (body: CreatePauseBody) => callApi('createPause', { body });
export const decidePause = (id: number, body: DecidePauseBody) => callApi('decidePause', { params: { id }, body });
export const deletePause = (id: number) => callApi('deletePause', { params: { id } });

export function usePauses() {
  return useQuery({ queryKey: pauseKeys.list(), queryFn: fetchPauses });
}

export function usePauseSummary(from: string, to: string) {
  return useQuery({ queryKey: pauseKeys.summary(from, to), queryFn: () => fetchPauseSummary(from, to) });
}

/** Any write changes both the list and the summaries: one key over both. */
export function invalidatePauses(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pauseKeys.all });
}

/**
 * "I skipped it", "I bought it", "That was it". The bell is refreshed too: a decision answers the
 * reminder, and one the server's job sent since the bell last asked should show as it stands.
 */
export function useDecidePause() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecidePauseBody }) => decidePause(id, body),
    onSuccess: async () => {
      await Promise.all([invalidatePauses(), queryClient.invalidateQueries({ queryKey: notificationsKey })]);
    },
  });
}
