import { useState } from 'react';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type CurrencyCode, stepAmount } from '@mindspend/domain';
import { amountProblem, amountText, parseAmountText } from '../lib/amount-text';
import { currencySymbol, displayCurrency } from '../lib/money';
import { useNumberFormat } from '../lib/use-number-format';

interface AmountInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the −10 / +10 steppers of spec §2.4 (never below or at 0: spec §5). */
  steppers?: boolean;
  error?: string | undefined;
  required?: boolean;
  'aria-label'?: string;
  /** The currency the amount is typed in: an account's own (DECISIONS.md #90); the book's when left out. */
  currency?: CurrencyCode | undefined;
}

/**
 * A free-text amount (placeholder 0.00 in the chosen number format) that passes every keystroke
 * on, with optional ±10 steppers. Text the number format cannot read unambiguously says why under
 * the box (DECISIONS.md #86): once the person leaves the box, or at once when the form has
 * already flagged it, so that a half-typed `1,` is not scolded mid-keystroke.
 */
export function AmountInput({ label, value, onChange, steppers = false, error, required, currency = displayCurrency.get(), ...rest }: AmountInputProps) {
  const { locale } = useNumberFormat();
  const [typing, setTyping] = useState(false);
  const problem = typing && !error ? null : amountProblem(value, locale, currency);
  const step = (direction: 'up' | 'down') =>
    onChange(amountText(stepAmount(parseAmountText(value, locale, currency) ?? 0, direction), locale, currency));
  const input = (
    <TextInput
      label={label}
      aria-label={rest['aria-label']}
      placeholder={amountText(0, locale, currency)}
      inputMode="decimal"
      leftSection={currencySymbol(currency)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onFocus={() => setTyping(true)}
      onBlur={() => setTyping(false)}
      error={problem ?? error}
      withAsterisk={required}
      style={{ flex: 1 }}
    />
  );
  if (!steppers) return input;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon variant="default" size="lg" mb={1} aria-label="Subtract 10" onClick={() => step('down')}>
        <IconMinus size={16} />
      </ActionIcon>
      {input}
      <ActionIcon variant="default" size="lg" mb={1} aria-label="Add 10" onClick={() => step('up')}>
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
