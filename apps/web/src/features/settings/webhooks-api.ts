/** Outbound webhooks in Settings (DECISIONS.md #94): the current book's, for its owners. */
import { useQuery } from '@tanstack/react-query';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookEvent } from '@mindspend/api-contract';
import { callApi } from '../../lib/api-routes';
import { queryClient } from '../../lib/query-client';

const webhooksKey = ['webhooks'] as const;

/** What each event is, in the words of the form. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'transaction.created': 'A transaction is added',
  'transaction.updated': 'A transaction is changed',
  'transaction.deleted': 'A transaction is deleted',
  'import.completed': 'A statement import finishes',
  'budget.status_changed': 'A budget of this month changes status',
};

export function useWebhooks(enabled: boolean) {
  return useQuery({ queryKey: webhooksKey, queryFn: () => callApi('listWebhooks'), enabled });
}

/** A webhook's newest deliveries; read again every 10 s while shown, as retries land. */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: () => callApi('listWebhookDeliveries', { params: { id } }),
    refetchInterval: 10_000,
  });
}

function invalidateWebhooks(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: webhooksKey });
}

export async function createWebhook(body: CreateWebhookBody) {
  const created = await callApi('createWebhook', { body });
  await invalidateWebhooks();
  return created;
}

export async function updateWebhook(id: number, body: UpdateWebhookBody): Promise<void> {
  await callApi('updateWebhook', { params: { id }, body });
  await invalidateWebhooks();
}

export async function deleteWebhook(id: number): Promise<void> {
  await callApi('deleteWebhook', { params: { id } });
  await invalidateWebhooks();
}

/** A delivery's time in the browser's own zone. */
export function formatDeliveryTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}
