import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface ConfirmRemoveProps {
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** The second step of a Remove button: says what will be lost and asks once more. */
export function ConfirmRemove({ message, busy, onConfirm, onKeep }: ConfirmRemoveProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alertdialog" aria-label="Confirm removal">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" onClick={onKeep} disabled={busy}>
          Keep
        </Button>
        <Button size="xs" color="red" onClick={onConfirm} loading={busy}>
          Yes, remove
        </Button>
      </Group>
    </Alert>
  );
}
