import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BOOK_NAME_MAX } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { ApiError } from '../../lib/api-client';
import { bookFailureMessages, createBook, invalidateBooks } from './api';

/** Creates a shared book, the person its owner; the server's 422 messages show at the field. */
export function CreateBookForm() {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setNameError(undefined);
    setCreated(null);
    try {
      const book = await createBook({ name });
      setName('');
      setCreated(`“${book.name}” is created. Switch to it with the book button at the top of the page.`);
      await invalidateBooks();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.name?.[0] : undefined;
      if (fieldMessage) setNameError(fieldMessage);
      else setErrors(bookFailureMessages(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="create-book-form">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="New shared book"
          placeholder="e.g. Household"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          // One more than the limit, so that a name too long gets the server's sentence.
          maxLength={BOOK_NAME_MAX + 1}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" loading={busy} leftSection={<IconPlus size={16} />} mt={{ base: 0, xs: 25 }}>
          Create book
        </Button>
      </Group>
      <Stack gap="xs" mt={errors.length > 0 || created ? 'sm' : 0}>
        <ErrorList messages={errors} />
        <SuccessNote message={created} />
      </Stack>
    </form>
  );
}
