import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { testUser } from '../../lib/test-user';
import { ReflectionEmailCard } from './ReflectionEmailCard';

interface Call {
  route: string;
  body: unknown;
}

let calls: Call[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ route: `${init.method ?? 'GET'} ${url}`, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = (on: boolean) =>
  render(
    <MantineProvider>
      <ReflectionEmailCard userId={7} on={on} />
    </MantineProvider>,
  );

describe('the monthly reflection e-mail setting', () => {
  it('is a labelled switch that saves the opt-in and says so', async () => {
    answer = { status: 200, body: { user: testUser({ id: 7, reflection_email: true }) } };
    renderCard(false);
    const toggle = screen.getByRole('switch', { name: 'Monthly reflection e-mail' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('The monthly reflection e-mail is on.')).toBeTruthy();
    expect(calls.filter((call) => call.route.startsWith('PATCH'))).toEqual([{ route: 'PATCH /api/users/7', body: { reflection_email: true } }]);
    // Opening the card reads the user again: the e-mail's link may have turned it off meanwhile.
    expect(calls.map((call) => call.route)).toContain('GET /api/user');
  });

  it('turns it off from on, and shows the server’s message when saving fails', async () => {
    answer = { status: 422, body: { message: 'The given data was invalid.', errors: { reflection_email: ['The reflection email field must be a boolean.'] } } };
    renderCard(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Monthly reflection e-mail' }));
    expect(await screen.findByText('The reflection email field must be a boolean.')).toBeTruthy();
    expect(calls.find((call) => call.route.startsWith('PATCH'))?.body).toEqual({ reflection_email: false });
    expect(screen.queryByText(/is off\./)).toBeNull();
  });
});
