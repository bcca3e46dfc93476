/** Savings goals (DECISIONS.md #5): list, create, update, remove. */
import { useQuery } from '@tanstack/react-query';
import type { CreateGoalBody, Goal, UpdateGoalBody } from '@mindspend/api-contract';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const goalKeys = { all: ['goals'] as const, list: () => ['goals', 'list'] as const };

export const fetchGoals = () => api.get<Goal[]>('/goals');
export const createGoal = (body: CreateGoalBody) => api.post<Goal>('/goals', body);
export const updateGoal = (id: number, body: UpdateGoalBody) => api.patch<Goal>(`/goals/${id}`, body);
export const deleteGoal = (id: number) => api.delete<null>(`/goals/${id}`);

export function useGoals() {
  return useQuery({ queryKey: goalKeys.list(), queryFn: fetchGoals });
}

export function invalidateGoals(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: goalKeys.all });
}
