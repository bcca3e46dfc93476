import { Badge, Table, Text } from '@mantine/core';
import type { WebhookDelivery } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { formatDeliveryTime, useWebhookDeliveries } from './webhooks-api';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };
const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' };

function answerOf(delivery: WebhookDelivery): string {
  if (delivery.status === 'delivered') return `Answered ${delivery.response_status ?? ''}`.trim();
  return delivery.error ?? 'Not tried yet';
}

/** A webhook's delivery log (DECISIONS.md #94): the newest 50, with what the receiver answered. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isError) return <ErrorList messages={['The delivery log could not be loaded. Please reload the page.']} />;
  const list = deliveries.data?.deliveries;
  if (!list) return <Text size="sm" c="dimmed">Loading deliveries…</Text>;
  if (list.length === 0) return <Text size="sm" c="dimmed">Nothing sent yet: events appear here as they happen.</Text>;
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing={4} fz="sm" data-testid={`webhook-deliveries-${webhookId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tries</Table.Th>
            <Table.Th>Last answer</Table.Th>
            <Table.Th>Next try</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>{formatDeliveryTime(delivery.created_at)}</Table.Td>
              <Table.Td>
                <code>{delivery.event}</code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[delivery.status]}>
                  {STATUS_LABELS[delivery.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>{answerOf(delivery)}</Table.Td>
              <Table.Td>{delivery.next_attempt_at ? formatDeliveryTime(delivery.next_attempt_at) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
