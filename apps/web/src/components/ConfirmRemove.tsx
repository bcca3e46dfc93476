import { useEffect, useRef } from 'react';
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
  const ref = useRef<HTMLDivElement>(null);
  // It appears where the Remove button was pressed, often below the fold of a long modal: bring
  // the whole question into view at once, else 'Yes, remove' sits half hidden (issue 13).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Alert ref={ref} color="red" variant="light" icon={<IconAlertTriangle />} role="alertdialog" aria-label="Confirm removal">
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
