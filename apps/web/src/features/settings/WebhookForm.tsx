import { useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { type CreatedWebhook, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, type WebhookEvent } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { WEBHOOK_EVENT_LABELS, createWebhook } from './webhooks-api';

interface FieldErrors {
  url?: string | undefined;
  events?: string | undefined;
  secret?: string | undefined;
}

/** What the form can tell before sending; the server checks again, and says what it alone knows. */
function formErrors(url: string, events: string[], secret: string): FieldErrors {
  const errors: FieldErrors = {};
  if (url.trim() === '') errors.url = WEBHOOK_MESSAGES.urlRequired;
  else if (!URL.canParse(url.trim()) || !/^https?:$/.test(new URL(url.trim()).protocol)) errors.url = WEBHOOK_MESSAGES.urlInvalid;
  if (events.length === 0) errors.events = WEBHOOK_MESSAGES.eventsRequired;
  if (secret !== '' && (secret.length < WEBHOOK_SECRET_MIN || secret.length > WEBHOOK_SECRET_MAX)) errors.secret = WEBHOOK_MESSAGES.secretLength;
  return errors;
}

/** Adds a webhook: its URL, the events it hears, and a secret of the owner's own if they have one. */
export function WebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['transaction.created', 'transaction.updated', 'transaction.deleted']);
  const [secret, setSecret] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors([]);
    const problems = formErrors(url, events, secret);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const created = await createWebhook({ url: url.trim(), events: events as WebhookEvent[], ...(secret !== '' && { secret }) });
      onCreated(created);
      setUrl('');
      setSecret('');
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) {
        setFieldErrors({ url: failure.fieldErrors.url?.[0], events: failure.fieldErrors.events?.[0], secret: failure.fieldErrors.secret?.[0] });
      } else {
        setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="webhook-form">
      <Stack gap="sm">
        <TextInput
          label="Send events to"
          placeholder="https://example.com/hooks/mindspend"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldErrors.url}
          maxLength={2000}
        />
        <Checkbox.Group label="Events" value={events} onChange={setEvents} error={fieldErrors.events}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={WEBHOOK_EVENT_LABELS[name]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Signing secret (optional)"
            description="Leave it empty and one is made for you."
            value={secret}
            onChange={(event) => setSecret(event.currentTarget.value)}
            error={fieldErrors.secret}
            maxLength={WEBHOOK_SECRET_MAX}
            autoComplete="off"
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={saving} leftSection={<IconWebhook size={16} />}>
            Add webhook
          </Button>
        </Group>
        <ErrorList messages={errors} />
      </Stack>
    </form>
  );
}
