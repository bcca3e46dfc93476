import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { cancelSubscription, refreshUser, subscriptionQueryKey } from './api';

/** Cancels the paid plan at the end of the paid term (Terms: cancellable any time). */
export function CancelSubscriptionButton() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const confirm = async () => {
    setWorking(true);
    setErrors([]);
    try {
      const sub = await cancelSubscription();
      queryClient.setQueryData(subscriptionQueryKey, sub);
      await refreshUser().catch(() => undefined);
      setOpen(false);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Button variant="light" color="red" size="xs" onClick={() => setOpen(true)}>
        Cancel subscription
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Cancel your subscription?" centered>
        <Stack>
          <ErrorList messages={errors} />
          <Text>You keep Transaction Imports until the end of the paid term. You will not be charged again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep subscription
            </Button>
            <Button color="red" loading={working} onClick={() => void confirm()}>
              Cancel subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
