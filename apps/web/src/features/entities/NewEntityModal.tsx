import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { useLedgerAccount } from '../accounts/use-ledger-account';
import { discardDraft, hasNewDraft, selectEntityInDraft } from '../transactions/transaction-draft';
import { createEntity, invalidateEntities } from './api';
import { EntityFields } from './EntityFields';
import { EMPTY_ENTITY, entityBodyFrom, entityFormErrors, type EntityFormValues } from './entity-form';
import { entityReturn } from './entity-return';

export const ENTITY_UNKNOWN_ERROR = 'An unknown error occurred.';
export const DRAFT_LOST_WARNING = 'The transaction you started will be lost.';

/** /ledger/add-entity: a new payee or payor, handed back to the form it came from (spec §4). */
export function NewEntityModal() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = entityReturn(search);
  const { account } = useLedgerAccount();
  const [values, setValues] = useState<EntityFormValues>(EMPTY_ENTITY);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    // Spec §4: leaving without a form to return to loses a transaction in progress; say so first.
    if (!back.draft && hasNewDraft()) {
      if (!window.confirm(`${DRAFT_LOST_WARNING} Leave anyway?`)) return;
      discardDraft({ form: 'new' });
    }
    void navigate(back.path);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = entityFormErrors(values);
    setErrors(clientErrors);
    if (clientErrors.length > 0 || !account) return;
    setSaving(true);
    try {
      const entity = await createEntity(account.id, entityBodyFrom(values, false));
      if (back.draft) selectEntityInDraft(back.draft, entity.id);
      await invalidateEntities();
      void navigate(back.path);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [ENTITY_UNKNOWN_ERROR]);
      setSaving(false);
    }
  };

  return (
    <LedgerModal title="New Entity" onClose={cancel} size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ErrorList messages={errors} />
          <EntityFields values={values} onChange={setValues} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={saving}>
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
