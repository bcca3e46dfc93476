import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { US_STATES } from '@mindspend/domain';
import type { EntityFormValues } from './entity-form';

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: name }));

interface EntityFieldsProps {
  values: EntityFormValues;
  onChange: (values: EntityFormValues) => void;
  nameError?: string;
}

/** Payee/Payor and its address (spec §2.4; plain address fields: DECISIONS.md #19). */
export function EntityFields({ values, onChange, nameError }: EntityFieldsProps) {
  const set = (change: Partial<EntityFormValues>) => onChange({ ...values, ...change });
  return (
    <Stack gap="sm">
      <TextInput
        label="Payee/Payor"
        withAsterisk
        data-autofocus
        value={values.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={nameError}
      />
      <TextInput label="Address Line 1" value={values.addressLine1} onChange={(event) => set({ addressLine1: event.currentTarget.value })} />
      <TextInput label="Address Line 2" value={values.addressLine2} onChange={(event) => set({ addressLine2: event.currentTarget.value })} />
      <TextInput label="City" value={values.city} onChange={(event) => set({ city: event.currentTarget.value })} />
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label="State"
          placeholder="Select a state"
          data={STATE_OPTIONS}
          value={values.state}
          onChange={(state) => set({ state })}
          searchable
          clearable
          nothingFoundMessage="No elements found. Consider changing the search query."
        />
        <TextInput
          label="Zipcode"
          inputMode="numeric"
          value={values.zipcode}
          onChange={(event) => set({ zipcode: event.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
