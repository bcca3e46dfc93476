import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AmountInput } from '../../components/AmountInput';
import { NUMBER_FORMAT_KEY, numberFormatChoice } from '../../lib/number-format';
import { NumberFormatCard } from './NumberFormatCard';
import { numberFormatChoices } from './number-formats';

afterEach(() => {
  cleanup();
  numberFormatChoice.set(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the number format setting (DECISIONS.md #86)', () => {
  it('offers the browser’s format first, then each format as it writes an amount', () => {
    const choices = numberFormatChoices('de-DE', null);
    expect(choices[0]).toEqual({ value: 'browser', label: 'Browser default (German (Germany): 1.234.567,89)' });
    expect(choices.map((choice) => choice.label)).toContain('English (India): 12,34,567.89');
    expect(choices.map((choice) => choice.label)).toContain('French (France): 1\u202f234\u202f567,89');
    expect(numberFormatChoices('en-US', 'de-AT').at(-1)?.value).toBe('de-AT');
  });

  it('keeps the choice on this device, and the amount boxes read with it at once', async () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    render(
      <MantineProvider env="test">
        <NumberFormatCard />
        <AmountInput label="Amount" value="" onChange={() => undefined} />
      </MantineProvider>,
    );
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.placeholder).toBe('0.00');
    fireEvent.click(screen.getByRole('combobox', { name: 'Number format' }));
    fireEvent.click(await screen.findByRole('option', { name: 'German (Germany): 1.234.567,89' }));
    expect(localStorage.getItem(NUMBER_FORMAT_KEY)).toBe('de-DE');
    expect(amount.placeholder).toBe('0,00');
  });
});
