import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Book } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { bookFailureMessages, deleteBook } from './api';

interface DeleteBookModalProps {
  book: Book;
  /** Whether this tab works in the book now: it goes back to the personal book. */
  current: boolean;
  onClose: () => void;
}

/** Asks once more before a shared book and everything in it is deleted, for every member. */
export function DeleteBookModal({ book, current, onClose }: DeleteBookModalProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const others = book.members.length - 1;

  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await deleteBook(book.id);
      onClose();
    } catch (failure) {
      setErrors(bookFailureMessages(failure));
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Delete “${book.name}”?`} centered>
      <Stack>
        <Text>
          Everything in this book is deleted with it: its accounts, transactions, budgets, income, goals, rules and
          imports
          {others > 0 ? `, for you and the ${others === 1 ? 'other member' : `${others} other members`}` : ''}. This
          cannot be undone.
        </Text>
        {current && <Text size="sm">You will be back in your personal book.</Text>}
        <ErrorList messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => void confirm()} loading={busy}>
            Delete book
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
