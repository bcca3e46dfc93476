import { Autocomplete, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DEFAULT_COOLING_OFF_DAYS, MAX_COOLING_OFF_DAYS, MIN_COOLING_OFF_DAYS, PAYMENT_METHODS, type PaymentMethod } from '@mindspend/domain';
import { AmountInput } from '../../components/AmountInput';
import { useEntities } from '../entities/api';
import { PauseCategoryPicker } from './PauseCategoryPicker';
import { payeeText, withPayeeTyped, type PauseFormErrors, type PauseFormValues } from './pause-form';

interface PauseFormFieldsProps {
  values: PauseFormValues;
  errors: PauseFormErrors;
  onChange: (values: PauseFormValues) => void;
}

const PAYMENT_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method.value, label: method.label }));

/**
 * The fields of "Pause a purchase": where, how much, what, and how long to wait. The payee box
 * suggests the book's payees and takes any other name, since a purchase not made yet is often at
 * a shop the book has never seen (the server keeps the typed name without adding a payee).
 */
export function PauseFormFields({ values, errors, onChange }: PauseFormFieldsProps) {
  const entities = useEntities();
  const known = entities.data ?? [];
  return (
    <Stack gap="sm">
      <Autocomplete
        label="Where would you buy it?"
        description="Choose one of your payees or type a new name."
        placeholder={entities.isPending ? 'Loading…' : 'Payee or shop'}
        data={[...new Set(known.map((entity) => entity.name))]}
        value={payeeText(values, known)}
        onChange={(typed) => onChange(withPayeeTyped(values, typed, known))}
        error={errors.payee}
        withAsterisk
        maxLength={255}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AmountInput label="Amount" value={values.amount} onChange={(amount) => onChange({ ...values, amount })} error={errors.amount} required />
        <Select
          label="Payment method"
          placeholder="Choose a payment method"
          data={PAYMENT_OPTIONS}
          value={values.paymentMethod}
          onChange={(next) => onChange({ ...values, paymentMethod: next as PaymentMethod | null })}
          error={errors.paymentMethod}
          clearable
        />
      </SimpleGrid>
      <PauseCategoryPicker
        categoryId={values.categoryId}
        subcategoryId={values.subcategoryId}
        onChange={(choice) => onChange({ ...values, ...choice })}
        error={errors.subcategory}
      />
      <Textarea
        label="Note"
        placeholder="e.g. headphones"
        autosize
        minRows={1}
        maxRows={4}
        value={values.note}
        onChange={(event) => onChange({ ...values, note: event.currentTarget.value })}
        error={errors.note}
      />
      <NumberInput
        label="Cooling-off days"
        description={`Leave empty to take the suggestion from your history (${DEFAULT_COOLING_OFF_DAYS} days without one).`}
        placeholder="Suggested"
        min={MIN_COOLING_OFF_DAYS}
        max={MAX_COOLING_OFF_DAYS}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={values.coolingOffDays}
        onChange={(next) => onChange({ ...values, coolingOffDays: typeof next === 'number' ? next : '' })}
        error={errors.coolingOffDays}
        w={{ base: '100%', xs: 220 }}
      />
    </Stack>
  );
}
