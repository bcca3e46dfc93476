import { useState } from 'react';
import { amountText, readAmountText } from '../lib/amount-text';
import { useNumberFormat } from '../lib/use-number-format';
import { AmountInput } from './AmountInput';

interface DollarInputProps {
  label?: string;
  'aria-label'?: string;
  value: number | '';
  onChange: (value: number | '') => void;
  error?: string | undefined;
  required?: boolean;
}

/**
 * A dollar amount with cents (spec §5) for forms that keep a number: '' while empty, and '' too
 * while the text is one the number format refuses, whose reason the box itself shows
 * (DECISIONS.md #86). It is the free-text AmountInput underneath, so it reads amounts the same way.
 */
export function DollarInput({ label, value, onChange, error, required, ...rest }: DollarInputProps) {
  const { locale } = useNumberFormat();
  const shown = (next: number | '') => (next === '' ? '' : amountText(next, locale));
  const [text, setText] = useState(() => shown(value));
  const [reported, setReported] = useState<number | ''>(value);
  // A value set from outside (a goal loaded, a form reset) replaces what the box shows.
  if (!Object.is(value, reported)) {
    setReported(value);
    setText(shown(value));
  }
  const change = (next: string) => {
    const read = readAmountText(next, locale);
    const number = read.ok ? read.value : '';
    setText(next);
    setReported(number);
    onChange(number);
  };
  return (
    <AmountInput
      label={label ?? ''}
      aria-label={rest['aria-label']}
      value={text}
      onChange={change}
      error={error}
      required={required}
    />
  );
}
