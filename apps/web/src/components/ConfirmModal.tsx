import { type ReactNode, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorList } from './ErrorList';
import { ApiError } from '../lib/api-client';
import { UNEXPECTED_ERROR } from '../lib/errors';

interface ConfirmModalProps {
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Does the thing; a failure's messages are shown and the modal stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A modal that asks once before something that cannot be undone (revoke, delete), red to confirm. */
export function ConfirmModal({ title, children, confirmLabel, onConfirm, onClose }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={title} centered>
      <Stack>
        <Text style={{ wordBreak: 'break-word' }}>{children}</Text>
        <ErrorList messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
