import { Anchor, Group, Select, Stack } from '@mantine/core';
import type { TransactionType } from '@mindspend/domain';
import { useEntities } from '../entities/api';

interface EntityPickerProps {
  type: TransactionType;
  value: number | null;
  onChange: (value: number | null) => void;
  /** 'Add new' on the new form, 'Add New Entity' on the edit form (spec §2.4). */
  addLabel: string;
  onAdd: () => void;
  /** The edit form's 'Edit Entity' link (shown when a payee is chosen). */
  onEdit?: (entityId: number) => void;
}

/** Spec §2.4: where the money went or came from, with links to add or edit a payee. */
export function EntityPicker({ type, value, onChange, addLabel, onAdd, onEdit }: EntityPickerProps) {
  const entities = useEntities();
  const data = (entities.data ?? []).map((entity) => ({ value: String(entity.id), label: entity.name }));
  return (
    <Stack gap={4}>
      <Select
        label={type === 'expense' ? 'Where did you spend the money?' : 'Where did the money come from?'}
        placeholder={entities.isPending ? 'Loading…' : 'Choose a payee'}
        data={data}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next === null ? null : Number(next))}
        searchable
        clearable
        nothingFoundMessage="No elements found. Consider changing the search query."
      />
      <Group gap="md">
        <Anchor component="button" type="button" size="sm" onClick={onAdd}>
          {addLabel}
        </Anchor>
        {onEdit && value !== null ? (
          <Anchor component="button" type="button" size="sm" onClick={() => onEdit(value)}>
            Edit Entity
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}
