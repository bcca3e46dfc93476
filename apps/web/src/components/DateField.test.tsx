import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateField } from './DateField';

function Field() {
  const [value, setValue] = useState('');
  return <DateField label="Start Date" value={value} onChange={setValue} />;
}

describe('DateField', () => {
  it("keeps Enter for itself: the browser's implicit submission of the form around it is cancelled", () => {
    render(<Field />, { wrapper: MantineProvider });
    const input = screen.getByLabelText('Start Date');
    fireEvent.change(input, { target: { value: '11/22/2026' } });
    // fireEvent returns false when the handler called preventDefault.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(true);
  });
});
