import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { Entity } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { useLedgerAccount } from '../accounts/use-ledger-account';
import { createEntity, invalidateEntities } from './api';
import { EntityFields } from './EntityFields';
import { EMPTY_ENTITY, entityBodyFrom, entityFormErrors, type EntityFormValues } from './entity-form';

export const ENTITY_UNKNOWN_ERROR = 'An unknown error occurred.';

interface NewEntityModalProps {
  /** Cancel: where to go, and what leaving loses, is for the screen that opened this one to say. */
  onCancel: () => void;
  /** The payee is saved and the payee lists reloaded: hand it to whoever waits for it. */
  onCreated: (entity: Entity) => void;
}

/** A new payee or payor on the ledger's account (spec §4). */
export function NewEntityModal({ onCancel, onCreated }: NewEntityModalProps) {
  const { account } = useLedgerAccount();
  const [values, setValues] = useState<EntityFormValues>(EMPTY_ENTITY);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = entityFormErrors(values);
    setErrors(clientErrors);
    if (clientErrors.length > 0 || !account) return;
    setSaving(true);
    try {
      const entity = await createEntity(account.id, entityBodyFrom(values, false));
      await invalidateEntities();
      onCreated(entity);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [ENTITY_UNKNOWN_ERROR]);
      setSaving(false);
    }
  };

  return (
    <LedgerModal title="New Entity" onClose={onCancel} size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <EntityFields values={values} onChange={setValues} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!account}>
              Add New
            </Button>
          </Group>
        </Stack>
      </form>
    </LedgerModal>
  );
}
