import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { BOOK_NAME_MAX, type Book } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { bookFailureMessages, invalidateBooks, renameBook } from './api';

interface RenameBookModalProps {
  book: Book;
  onClose: () => void;
}

/** Renames a book its owner keeps; the server's 422 messages show at the field. */
export function RenameBookModal({ book, onClose }: RenameBookModalProps) {
  const [name, setName] = useState(book.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setNameError(undefined);
    try {
      await renameBook(book.id, { name });
      await invalidateBooks();
      onClose();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.name?.[0] : undefined;
      if (fieldMessage) setNameError(fieldMessage);
      else setErrors(bookFailureMessages(failure));
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Rename “${book.name}”`} centered>
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack>
          <TextInput
            label="Book name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            maxLength={BOOK_NAME_MAX + 1}
            data-autofocus
          />
          <ErrorList messages={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
