import { useState } from 'react';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { createEntity, invalidateEntities, useEntities } from '../entities/api';

interface SourcePickerProps {
  value: number | null;
  onChange: (value: number | null) => void;
  /** New payors are created on this account (the API creates entities per account). */
  accountId: number | null;
  error?: string;
}

/** Spec §2.6 'Source (Entity) selector', with a way to add the payor without leaving the form. */
export function SourcePicker({ value, onChange, accountId, error }: SourcePickerProps) {
  const entities = useEntities();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const data = (entities.data ?? []).map((entity) => ({ value: String(entity.id), label: entity.name }));

  const add = async () => {
    if (accountId === null) return setAddError('Choose the account first.');
    if (name.trim() === '') return setAddError('The name field is required.');
    setSaving(true);
    try {
      const entity = await createEntity(accountId, { name: name.trim() });
      await invalidateEntities();
      onChange(entity.id);
      setAdding(false);
      setName('');
      setAddError(null);
    } catch (failure) {
      setAddError(failure instanceof ApiError ? failure.messages.join(' ') : UNEXPECTED_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap={4}>
      <Select
        label="Source"
        description="Who pays this income"
        placeholder={entities.isPending ? 'Loading…' : 'Choose a payor'}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        searchable
        nothingFoundMessage="No elements found. Consider changing the search query."
        error={error}
        withAsterisk
      />
      {adding ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label="New source name"
            placeholder="e.g. Acme Corp payroll"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
            error={addError}
            style={{ flex: 1 }}
            size="sm"
          />
          <Button size="sm" variant="light" loading={saving} onClick={() => void add()}>
            Add source
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="gray"
            aria-label="Cancel new source"
            onClick={() => setAdding(false)}
            disabled={saving}
          >
            Cancel
          </Button>
        </Group>
      ) : (
        <Text size="sm">
          <Anchor component="button" type="button" onClick={() => setAdding(true)}>
            Add a new source
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
