import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { numberFormatChoice } from '../lib/number-format';
import { DollarInput } from './DollarInput';

afterEach(() => {
  cleanup();
  numberFormatChoice.set(null);
  localStorage.clear();
});

let reported: (number | '')[] = [];

function Harness({ start }: { start: number | '' }) {
  const [value, setValue] = useState<number | ''>(start);
  return (
    <MantineProvider env="test">
      <DollarInput
        label="Target amount"
        value={value}
        onChange={(next) => {
          reported.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(75)}>
        Load another goal
      </button>
    </MantineProvider>
  );
}

const box = () => screen.getByLabelText('Target amount') as HTMLInputElement;

describe('a dollar amount typed the person’s way (DECISIONS.md #86)', () => {
  it('reads `12,34` as 12.34 with German numbers, and shows a saved amount the same way', () => {
    reported = [];
    numberFormatChoice.set('de-DE');
    render(<Harness start={1500} />);
    expect(box().value).toBe('1500,00');
    fireEvent.change(box(), { target: { value: '12,34' } });
    expect(reported).toEqual([12.34]);
  });

  it('keeps `12,34` out of an American form and says why once the box is left', () => {
    reported = [];
    numberFormatChoice.set('en-US');
    render(<Harness start="" />);
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: '12,34' } });
    expect(reported).toEqual(['']);
    expect(box().value).toBe('12,34');
    expect(screen.queryByText(/is unclear/)).toBeNull();
    fireEvent.blur(box());
    expect(screen.getByText(/^“12,34” is unclear/)).toBeTruthy();
  });

  it('shows a value the form sets from outside', () => {
    numberFormatChoice.set('en-US');
    render(<Harness start="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Load another goal' }));
    expect(box().value).toBe('75.00');
  });
});
