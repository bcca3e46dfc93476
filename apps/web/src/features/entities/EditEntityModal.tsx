import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { Entity } from '@mindspend/api-contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { invalidateEntities, updateEntity, useEntity } from './api';
import { EntityFields } from './EntityFields';
import { entityBodyFrom, entityFormErrors, entityFormFrom, type EntityFormValues } from './entity-form';

function EditEntityForm({ entity, backPath }: { entity: Entity; backPath: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<EntityFormValues>(() => entityFormFrom(entity));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = entityFormErrors(values);
    setErrors(clientErrors);
    if (clientErrors.length > 0) return;
    setSaving(true);
    try {
      await updateEntity(entity.id, entityBodyFrom(values, true));
      await invalidateEntities();
      void navigate(backPath);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <ErrorList messages={errors} />
        <EntityFields values={values} onChange={setValues} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(backPath)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /ledger/entities/{id}/edit: change a payee's name or address, then go to `backPath` (the screen
 * that opened this one says where); unknown ids go to /ledger (spec §4).
 */
export function EditEntityModal({ backPath }: { backPath: string }) {
  const navigate = useNavigate();
  const id = idFromParam(useParams().id);
  const entity = useEntity(id);
  if (id === null || entity.isError) return <Navigate to={LEDGER_PATH} replace />;
  return (
    <LedgerModal title="Edit Entity" onClose={() => void navigate(backPath)} size="md">
      {entity.data ? <EditEntityForm key={entity.data.id} entity={entity.data} backPath={backPath} /> : <PageLoader />}
    </LedgerModal>
  );
}
