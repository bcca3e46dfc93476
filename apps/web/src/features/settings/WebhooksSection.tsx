import { useState } from 'react';
import { ActionIcon, Badge, Card, Code, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconListDetails, IconTrash, IconWebhook } from '@tabler/icons-react';
import type { CreatedWebhook, Webhook } from '@mindspend/api-contract';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorList } from '../../components/ErrorList';
import { ShownOnceSecret } from '../../components/ShownOnceSecret';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useCurrentBook } from '../books/api';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm } from './WebhookForm';
import { WEBHOOK_EVENT_LABELS, deleteWebhook, formatDeliveryTime, updateWebhook, useWebhooks } from './webhooks-api';

const messagesOf = (failure: unknown) => (failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);

/**
 * Settings → Webhooks (issue 35, DECISIONS.md #94): for an owner of the current book, the URLs that
 * hear about its changes, each with its delivery log; the secret is shown once, when one is added.
 */
export function WebhooksSection() {
  const book = useCurrentBook();
  const isOwner = book?.role === 'owner';
  const webhooks = useWebhooks(isOwner);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  if (!book || !isOwner) return null;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="webhooks-section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" mb={6}>
            Webhooks
          </Title>
          <Text size="sm" c="dimmed">
            Tell another service when something changes in {book.personal ? 'your book' : `“${book.name}”`}: Mindspend posts
            each event as JSON to the URL you give, signed in the <Code>Mindspend-Signature</Code> header (
            <Code>t=…,v1=…</Code>, an HMAC-SHA256 of the time, a dot and the body, with the webhook’s secret). A receiver that
            does not answer 2xx is tried again for a day; then the webhook is turned off and you get a notice. Feelings are
            never sent.
          </Text>
        </div>
        {created && (
          <ShownOnceSecret
            title="Webhook added"
            icon={<IconWebhook size={18} />}
            advice="Copy its signing secret now: it is shown only once and cannot be seen again."
            value={created.secret}
            testId="new-webhook"
            onDone={() => setCreated(null)}
          />
        )}
        <WebhookForm onCreated={setCreated} />
        <WebhookList webhooks={webhooks.data?.webhooks} failed={webhooks.isError} />
      </Stack>
    </Card>
  );
}

function WebhookList({ webhooks, failed }: { webhooks: Webhook[] | undefined; failed: boolean }) {
  if (failed) return <ErrorList messages={['The webhooks could not be loaded. Please reload the page.']} />;
  if (!webhooks) return <Text size="sm" c="dimmed">Loading webhooks…</Text>;
  if (webhooks.length === 0) return <Text size="sm" c="dimmed">No webhooks yet.</Text>;
  return (
    <Stack gap="sm" data-testid="webhook-list">
      {webhooks.map((webhook) => (
        <WebhookRow key={webhook.id} webhook={webhook} />
      ))}
    </Stack>
  );
}

function lastDeliveryText(webhook: Webhook): string {
  const last = webhook.last_delivery;
  if (!last) return 'Nothing sent yet';
  const when = formatDeliveryTime(last.created_at);
  if (last.status === 'delivered') return `Last event delivered (${last.response_status ?? '2xx'}), ${when}`;
  return last.status === 'pending' ? `Last event still being tried, ${when}` : `Last event failed, ${when}`;
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [switching, setSwitching] = useState(false);

  const setEnabled = async (enabled: boolean) => {
    setErrors([]);
    setSwitching(true);
    try {
      await updateWebhook(webhook.id, { enabled });
    } catch (failure) {
      setErrors(messagesOf(failure));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Card withBorder radius="md" p="sm" data-testid={`webhook-${webhook.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Text>
            <Group gap={4}>
              {webhook.events.map((event) => (
                <Badge key={event} variant="light" size="sm" tt="none" title={WEBHOOK_EVENT_LABELS[event]}>
                  {event}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {lastDeliveryText(webhook)}
            </Text>
            {!webhook.enabled && webhook.disabled_reason && (
              <Text size="sm" c="red" data-testid="webhook-disabled-reason">
                {webhook.disabled_reason}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Switch
              checked={webhook.enabled}
              disabled={switching}
              onChange={(event) => void setEnabled(event.currentTarget.checked)}
              label={webhook.enabled ? 'On' : 'Off'}
              aria-label={`Send events to ${webhook.url}`}
            />
            <Tooltip label={showLog ? 'Hide deliveries' : 'Show deliveries'}>
              <ActionIcon variant="subtle" aria-label={`Deliveries of ${webhook.url}`} aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
                <IconListDetails size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete webhook">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete the webhook to ${webhook.url}`} onClick={() => setDeleting(true)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <ErrorList messages={errors} />
        {showLog && <WebhookDeliveries webhookId={webhook.id} />}
      </Stack>
      {deleting && <DeleteModal webhook={webhook} onClose={() => setDeleting(false)} />}
    </Card>
  );
}

function DeleteModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  return (
    <ConfirmModal title="Delete this webhook?" confirmLabel="Delete webhook" onConfirm={() => deleteWebhook(webhook.id)} onClose={onClose}>
      {webhook.url} will hear of no more events, and its delivery log is deleted with it.
    </ConfirmModal>
  );
}
