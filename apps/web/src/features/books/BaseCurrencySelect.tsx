import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import type { Book } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { currencyChoices } from '../../lib/currency-choices';
import { bookFailureMessages, changeBaseCurrency } from './api';

/**
 * A book's base currency (DECISIONS.md #87): the currency its figures are added up in and its
 * exchange rates are quoted in. Its owner chooses it; the other members see it.
 */
export function BaseCurrencySelect({ book }: { book: Book }) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (book.role !== 'owner') {
    return (
      <Text size="sm" c="dimmed">
        Base currency: {book.base_currency}
      </Text>
    );
  }

  const change = async (value: string | null) => {
    if (value === null || value === book.base_currency) return;
    setBusy(true);
    setErrors([]);
    try {
      await changeBaseCurrency(book.id, value);
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.base_currency?.[0] : undefined;
      setErrors(fieldMessage ? [fieldMessage] : bookFailureMessages(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Select
        label="Base currency"
        description="The book's figures and exchange rates are in this currency."
        data={currencyChoices()}
        value={book.base_currency}
        onChange={(value) => void change(value)}
        searchable
        nothingFoundMessage="No currency by that code or name"
        allowDeselect={false}
        disabled={busy}
        maw={320}
        aria-label={`Base currency of ${book.name}`}
      />
      <ErrorList messages={errors} />
    </Stack>
  );
}
