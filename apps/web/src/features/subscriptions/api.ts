/**
 * Subscriptions found in the book's expenses (issue 31, DECISIONS.md #100): the list, rename /
 * confirm / dismiss, and the second look. Not the person's plan with Mindspend (features/billing).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewSubscriptionBody, UpdateDetectedSubscriptionBody } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

export const detectedSubscriptionKeys = {
  all: ['detected-subscriptions'] as const,
  list: () => ['detected-subscriptions', 'list'] as const,
};

export const fetchDetectedSubscriptions = () => callApi('listDetectedSubscriptions');
export const updateDetectedSubscription = (id: number, body: UpdateDetectedSubscriptionBody) =>
  callApi('updateDetectedSubscription', { params: { id }, body });
export const reviewDetectedSubscription = (id: number, body: ReviewSubscriptionBody) =>
  callApi('reviewDetectedSubscription', { params: { id }, body });

export function useDetectedSubscriptions() {
  return useQuery({ queryKey: detectedSubscriptionKeys.list(), queryFn: fetchDetectedSubscriptions });
}

/** Every change moves a subscription between sections and the regretted total: the whole list is read again. */
export function invalidateDetectedSubscriptions(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: detectedSubscriptionKeys.all });
}

/** Confirm, dismiss, undo either, or rename. */
export function useUpdateDetectedSubscription() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDetectedSubscriptionBody }) => updateDetectedSubscription(id, body),
    onSuccess: invalidateDetectedSubscriptions,
  });
}

/** 'Still worth it' or 'Not worth it', with an optional note. */
export function useReviewDetectedSubscription() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewSubscriptionBody }) => reviewDetectedSubscription(id, body),
    onSuccess: invalidateDetectedSubscriptions,
  });
}
