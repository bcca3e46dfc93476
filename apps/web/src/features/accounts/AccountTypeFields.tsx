import { Checkbox, Group, Radio, Select } from '@mantine/core';
import type { AccountType } from '@mindspend/api-contract';
import { CHECKING_TYPE_ID, type AccountFormValues } from './account-form';

interface AccountTypeFieldsProps {
  types: AccountType[];
  values: AccountFormValues;
  onChange: (values: AccountFormValues) => void;
  /** New Account shows a choice of radios, Edit Account a select (spec §2.4). */
  variant: 'choice' | 'select';
}

/** Account Type, and for checking the credit-card subtype that shows a limit. */
export function AccountTypeFields({ types, values, onChange, variant }: AccountTypeFieldsProps) {
  const choose = (value: string | null) => onChange({ ...values, typeId: value === null || value === '' ? null : Number(value) });
  const current = values.typeId === null ? null : String(values.typeId);
  return (
    <>
      {variant === 'choice' ? (
        <Radio.Group label="Account Type" value={current ?? ''} onChange={choose}>
          <Group mt={4}>
            {types.map((type) => (
              <Radio key={type.id} value={String(type.id)} label={type.name} />
            ))}
          </Group>
        </Radio.Group>
      ) : (
        <Select
          label="Account Type"
          placeholder="Select a type"
          data={types.map((type) => ({ value: String(type.id), label: type.name }))}
          value={current}
          onChange={choose}
        />
      )}
      {values.typeId === CHECKING_TYPE_ID ? (
        <Checkbox
          label="This checking account is a credit card (it has a limit)"
          checked={values.cardSubtype}
          onChange={(event) => onChange({ ...values, cardSubtype: event.currentTarget.checked })}
        />
      ) : null}
    </>
  );
}
