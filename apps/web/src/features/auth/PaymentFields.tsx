import type { ReactNode } from 'react';
import { Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCalendar, IconCreditCard, IconLock, IconTicket } from '@tabler/icons-react';
import {
  formatCardNumberInput,
  formatCscInput,
  formatExpiryInput,
  type FieldErrors,
} from '@mindspend/domain';
import type { PaymentValues } from './payment-form';

interface PaymentFieldsProps {
  values: PaymentValues;
  onChange: (values: PaymentValues) => void;
  errors: FieldErrors;
  disabled?: boolean;
  /** Shown instead of our card number, security code and expiration: Stripe's element (DECISIONS.md #30). */
  cardField?: ReactNode;
}

/**
 * Paid-plan details (spec §2.2): names, card number, security code, expiration, postal code,
 * and the Promo checkbox with its code; checking Promo disables the card fields. With Stripe,
 * `cardField` takes the place of the card number, security code and expiration.
 */
export function PaymentFields({ values, onChange, errors, disabled, cardField }: PaymentFieldsProps) {
  const set = <K extends keyof PaymentValues>(key: K, value: PaymentValues[K]) =>
    onChange({ ...values, [key]: value });
  const cardDisabled = disabled || values.promo;
  const postalField = (
    <TextInput
      label="Postal code"
      autoComplete="postal-code"
      value={values.postal}
      onChange={(e) => set('postal', e.currentTarget.value)}
      error={errors.postal?.[0]}
      disabled={cardDisabled}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="First name"
          autoComplete="cc-given-name"
          value={values.first_name}
          onChange={(e) => set('first_name', e.currentTarget.value)}
          error={errors.first_name?.[0]}
          disabled={cardDisabled}
        />
        <TextInput
          label="Last name"
          autoComplete="cc-family-name"
          value={values.last_name}
          onChange={(e) => set('last_name', e.currentTarget.value)}
          error={errors.last_name?.[0]}
          disabled={cardDisabled}
        />
      </SimpleGrid>
      {cardField === undefined ? (
        <>
          <TextInput
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            leftSection={<IconCreditCard size={16} />}
            value={values.card_number}
            onChange={(e) => set('card_number', formatCardNumberInput(e.currentTarget.value))}
            disabled={cardDisabled}
          />
          <SimpleGrid cols={3}>
            <TextInput
              label="Security code"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              leftSection={<IconLock size={16} />}
              value={values.card_csc}
              onChange={(e) => set('card_csc', formatCscInput(e.currentTarget.value))}
              disabled={cardDisabled}
            />
            <TextInput
              label="Expiration"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              leftSection={<IconCalendar size={16} />}
              value={values.card_expiration}
              onChange={(e) => set('card_expiration', formatExpiryInput(e.currentTarget.value))}
              disabled={cardDisabled}
            />
            {postalField}
          </SimpleGrid>
        </>
      ) : (
        <>
          {cardField}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>{postalField}</SimpleGrid>
        </>
      )}
      <Group align="flex-end" gap="md" wrap="nowrap">
        <Checkbox
          label="Promo"
          checked={values.promo}
          onChange={(e) => set('promo', e.currentTarget.checked)}
          disabled={disabled}
          mb={8}
        />
        <TextInput
          label="Promo code"
          leftSection={<IconTicket size={16} />}
          value={values.code}
          onChange={(e) => set('code', e.currentTarget.value)}
          error={errors.code?.[0]}
          disabled={disabled || !values.promo}
          flex={1}
        />
      </Group>
    </Stack>
  );
}
