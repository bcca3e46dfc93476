import { Radio, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { type CurrencyCode, PAYMENT_METHODS, type PaymentMethod, type Purpose, type TransactionType } from '@mindspend/domain';
import { AmountInput } from '../../components/AmountInput';
import { DateField } from '../../components/DateField';
import { useCategories } from '../categories/api';
import { CategoryFields } from './CategoryFields';
import { EntityPicker } from './EntityPicker';
import { FeelingPicker } from './FeelingPicker';
import { FeelingSuggestion } from './FeelingSuggestion';
import { PURPOSE_OPTIONS } from './feelings';
import type { TransactionFormValues } from './transaction-form';

interface TransactionFormProps {
  mode: 'new' | 'edit';
  values: TransactionFormValues;
  onChange: (values: TransactionFormValues) => void;
  onAddEntity: () => void;
  onEditEntity?: (entityId: number) => void;
  /** The account's currency (DECISIONS.md #90): the amount is typed in its symbol and decimals. */
  currency: CurrencyCode;
  /** The feeling is asked above the form, before anything else (the capture screen, DECISIONS.md #114). */
  feelingAbove?: boolean;
}

const PAYMENT_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method.value, label: method.label }));

/**
 * The fields of New and Edit Transaction (spec §2.4): the type comes first and, once chosen,
 * reveals the rest; categories follow the type.
 */
export function TransactionForm({ mode, values, onChange, onAddEntity, onEditEntity, currency, feelingAbove = false }: TransactionFormProps) {
  const categories = useCategories(values.type);
  const chooseType = (type: TransactionType) => {
    if (type === values.type) return;
    // Categories differ by type, so a change of type clears the category choice.
    onChange({ ...values, type, categoryId: null, subcategoryId: null, split: false, splitRows: [] });
  };

  return (
    <Stack gap="sm">
      <Radio.Group label="Income or Expense" value={values.type ?? ''} onChange={(value) => chooseType(value as TransactionType)}>
        <Group mt={4}>
          <Radio value="income" label="Income" />
          <Radio value="expense" label="Expense" />
        </Group>
      </Radio.Group>
      {values.type === null ? null : (
        <>
          <EntityPicker
            type={values.type}
            value={values.entityId}
            onChange={(entityId) => onChange({ ...values, entityId })}
            addLabel={mode === 'new' ? 'Add new' : 'Add New Entity'}
            onAdd={onAddEntity}
            onEdit={mode === 'edit' ? onEditEntity : undefined}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              label="Amount"
              value={values.amount}
              onChange={(amount) => onChange({ ...values, amount })}
              steppers={mode === 'edit'}
              currency={currency}
            />
            <DateField label="Date" value={values.date} onChange={(date) => onChange({ ...values, date })} />
          </SimpleGrid>
          <CategoryFields
            categories={categories.data ?? []}
            loading={categories.isPending}
            values={values}
            onChange={onChange}
            allowSplit
            currency={currency}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Payment Method"
              placeholder="Choose a payment method"
              data={PAYMENT_OPTIONS}
              value={values.paymentMethod}
              onChange={(next) => onChange({ ...values, paymentMethod: next as PaymentMethod | null })}
              clearable
            />
            <Select
              label="What was the purpose?"
              placeholder="Choose a purpose"
              data={PURPOSE_OPTIONS}
              value={values.purpose}
              onChange={(next) => onChange({ ...values, purpose: next as Purpose | null })}
              clearable
            />
          </SimpleGrid>
          {values.type === 'expense' && !feelingAbove ? (
            <FeelingSuggestion
              entityId={values.entityId}
              subcategoryId={values.split ? null : values.subcategoryId}
              feeling={values.feeling}
              purpose={values.purpose}
              onUse={(choice) => onChange({ ...values, ...choice })}
            />
          ) : null}
          {feelingAbove ? null : <FeelingPicker value={values.feeling} onChange={(feeling) => onChange({ ...values, feeling })} />}
          <Textarea
            label="Notes"
            placeholder="Add notes here..."
            autosize
            minRows={2}
            maxRows={6}
            value={values.notes}
            onChange={(event) => onChange({ ...values, notes: event.currentTarget.value })}
          />
          {mode === 'edit' ? <TextInput label="Description" value={values.description} disabled readOnly /> : null}
        </>
      )}
    </Stack>
  );
}
