/** Savings goals (DECISIONS.md #5): list, create, update, remove. */
import { useQuery } from '@tanstack/react-query';
import type { CreateGoalBody, UpdateGoalBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const goalKeys = { all: ['goals'] as const, list: () => ['goals', 'list'] as const };

export const fetchGoals = () => callApi('listGoals');
export const createGoal = (body: CreateGoalBody) => callApi('createGoal', { body });
export const updateGoal = (id: number, body: UpdateGoalBody) => callApi('updateGoal', { params: { id }, body });
export const deleteGoal = (id: number) => callApi('deleteGoal', { params: { id } });

export function useGoals() {
  return useQuery({ queryKey: goalKeys.list(), queryFn: fetchGoals });
}

export function invalidateGoals(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: goalKeys.all });
}
