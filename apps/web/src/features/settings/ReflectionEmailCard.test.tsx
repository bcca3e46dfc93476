import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { testUser } from '../../lib/test-user';
import { ReflectionEmailCard } from './ReflectionEmailCard';
import { recordApiCalls } from '../../test/recorded-api';

const api = recordApiCalls();

const renderCard = (on: boolean) =>
  render(
    <MantineProvider>
      <ReflectionEmailCard userId={7} on={on} />
    </MantineProvider>,
  );

describe('the monthly reflection e-mail setting', () => {
  it('is a labelled switch that saves the opt-in and says so', async () => {
    api.answer = { status: 200, body: { user: testUser({ id: 7, reflection_email: true }) } };
    renderCard(false);
    const toggle = screen.getByRole('switch', { name: 'Monthly reflection e-mail' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('The monthly reflection e-mail is on.')).toBeTruthy();
    expect(api.calls.filter((call) => call.route.startsWith('PATCH'))).toEqual([{ route: 'PATCH /api/users/7', body: { reflection_email: true } }]);
    // Opening the card reads the user again: the e-mail's link may have turned it off meanwhile.
    expect(api.calls.map((call) => call.route)).toContain('GET /api/user');
  });

  it('turns it off from on, and shows the server’s message when saving fails', async () => {
    api.answer = { status: 422, body: { message: 'The given data was invalid.', errors: { reflection_email: ['The reflection email field must be a boolean.'] } } };
    renderCard(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Monthly reflection e-mail' }));
    expect(await screen.findByText('The reflection email field must be a boolean.')).toBeTruthy();
    expect(api.calls.find((call) => call.route.startsWith('PATCH'))?.body).toEqual({ reflection_email: false });
    expect(screen.queryByText(/is off\./)).toBeNull();
  });
});
