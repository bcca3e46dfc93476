import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SHORT_TEXT_MAX, type DetectedSubscriptionWire } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useUpdateDetectedSubscription } from './api';

interface RenameModalProps {
  subscription: DetectedSubscriptionWire;
  onClose: () => void;
}

/**
 * Gives a subscription the person's own name ('Netflix' for 'NETFLIX.COM 866-579'), or takes it
 * back to the payee's. The name is sent as typed: the server's rule (not empty) and its message
 * are the one source of truth, shown under the field.
 */
export function RenameModal({ subscription, onClose }: RenameModalProps) {
  const update = useUpdateDetectedSubscription();
  const [name, setName] = useState(subscription.name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const renamed = subscription.name !== subscription.payee;

  const save = async (newName: string | null) => {
    setFieldError(null);
    setGeneral([]);
    try {
      await update.mutateAsync({ id: subscription.id, body: { name: newName } });
      onClose();
    } catch (failure) {
      const nameError = failure instanceof ApiError ? failure.fieldErrors.name?.[0] : undefined;
      if (nameError) setFieldError(nameError);
      else setGeneral(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(name);
  };

  return (
    <Modal opened onClose={onClose} title="Rename subscription" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorList messages={general} />
          <TextInput
            label="Name"
            description={`Found as charges at ${subscription.payee}.`}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError}
            maxLength={SHORT_TEXT_MAX}
            data-autofocus
          />
          {renamed ? (
            <Text size="sm" c="dimmed">
              Or go back to the payee&apos;s name, {subscription.payee}.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs" wrap="wrap">
            {renamed ? (
              <Button variant="subtle" onClick={() => void save(null)} disabled={update.isPending}>
                Use the payee&apos;s name
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
