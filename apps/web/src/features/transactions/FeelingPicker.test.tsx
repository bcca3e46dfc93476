import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Feeling } from '@mindspend/domain';
import { AmountInput } from '../../components/AmountInput';
import { FeelingPicker } from './FeelingPicker';

function Feelings() {
  const [value, setValue] = useState<Feeling | null>(null);
  return <FeelingPicker value={value} onChange={setValue} />;
}

function Amount({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <AmountInput label="Amount" value={value} onChange={setValue} steppers />;
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('FeelingPicker', () => {
  it('holds one feeling at most and clears it when clicked again', () => {
    render(<Feelings />, { wrapper: MantineProvider });
    fireEvent.click(screen.getByRole('button', { name: 'Felt good' }));
    expect(pressed('Felt good')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Regretted it' }));
    expect(pressed('Felt good')).toBe('false');
    expect(pressed('Regretted it')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Regretted it' }));
    expect(pressed('Regretted it')).toBe('false');
  });
});

describe('AmountInput steppers', () => {
  it('adds 10 and subtracts 10 only while the result stays above 0', () => {
    render(<Amount initial="15" />, { wrapper: MantineProvider });
    const input = screen.getByLabelText('Amount');
    fireEvent.click(screen.getByRole('button', { name: 'Add 10' }));
    expect(input).toHaveProperty('value', '25.00');
    fireEvent.click(screen.getByRole('button', { name: 'Subtract 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subtract 10' }));
    expect(input).toHaveProperty('value', '5.00');
    fireEvent.click(screen.getByRole('button', { name: 'Subtract 10' }));
    expect(input).toHaveProperty('value', '5.00');
  });
});
