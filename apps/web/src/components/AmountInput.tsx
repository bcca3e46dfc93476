import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { stepAmount } from '@mindspend/domain';
import { amountText, parseAmountText } from '../lib/amount-text';

interface AmountInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the −10 / +10 steppers of spec §2.4 (never below or at 0: spec §5). */
  steppers?: boolean;
  error?: string;
  required?: boolean;
}

/** A free-text amount (placeholder 0.00) that passes every keystroke on, with optional ±10 steppers. */
export function AmountInput({ label, value, onChange, steppers = false, error, required }: AmountInputProps) {
  const step = (direction: 'up' | 'down') => onChange(amountText(stepAmount(parseAmountText(value) ?? 0, direction)));
  const input = (
    <TextInput
      label={label}
      placeholder="0.00"
      inputMode="decimal"
      leftSection="$"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
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
