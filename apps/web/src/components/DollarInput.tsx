import { NumberInput } from '@mantine/core';
import { numberOrEmpty } from '../lib/number-input';

interface DollarInputProps {
  label?: string;
  'aria-label'?: string;
  value: number | '';
  onChange: (value: number | '') => void;
  error?: string | undefined;
  required?: boolean;
}

/** A non-negative dollar amount with cents (spec §5: numeric, min 0, step 0.01), empty while unset. */
export function DollarInput({ label, value, onChange, error, required, ...rest }: DollarInputProps) {
  return (
    <NumberInput
      label={label}
      aria-label={rest['aria-label']}
      placeholder="0.00"
      leftSection="$"
      min={0}
      step={0.01}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=","
      hideControls
      value={value}
      onChange={(next) => onChange(numberOrEmpty(next))}
      error={error}
      withAsterisk={required}
    />
  );
}
