import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SIGNUP_BY_INVITATION, SIGNUP_CLOSED, type SignupMode } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { rememberInvitation } from '../books/pending-invitation';
import { RegisterPage } from './RegisterPage';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234';

let config: { status: number; body: unknown };
let register: { status: number; body: unknown };
let registered: Record<string, unknown> | null;

const answer = ({ status, body }: { status: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status });

beforeEach(() => {
  sessionStorage.clear();
  registered = null;
  register = { status: 403, body: { message: SIGNUP_BY_INVITATION } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      if (route === 'GET /api/auth/config') return answer(config);
      if (route === 'GET /api/billing/config') return answer({ status: 200, body: { provider: 'local' } });
      if (route === 'POST /api/register' && typeof init.body === 'string') {
        registered = JSON.parse(init.body) as Record<string, unknown>;
        return answer(register);
      }
      return answer({ status: 500, body: { message: 'unexpected' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const serverSays = (signup: SignupMode) => {
  config = { status: 200, body: { signup, password: true, oidc: null } };
};

const renderPage = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/signup']}>
          <RegisterPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

const fillAndSubmit = () => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
};

describe('the sign-up page follows the server’s SIGNUP (DECISIONS.md #79)', () => {
  it('closed: says so, with no form, and leads to sign in', async () => {
    serverSays('closed');
    renderPage();
    expect(await screen.findByText(SIGNUP_CLOSED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('invite, with no invitation opened: the invitation notice instead of the form', async () => {
    serverSays('invite');
    renderPage();
    expect(await screen.findByText(SIGNUP_BY_INVITATION)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('invite, with an invitation opened: the form sends its token, and a 403 shows the server’s reason', async () => {
    serverSays('invite');
    rememberInvitation(TOKEN);
    renderPage();
    expect(await screen.findByText('You are signing up through an invitation.')).toBeTruthy();
    fillAndSubmit();
    await waitFor(() => expect(registered).not.toBeNull());
    expect(registered).toMatchObject({ email: 'ada@example.com', invitation_token: TOKEN });
    // The link was used up meanwhile: the server's sentence, not "Unexpected error occurred."
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', SIGNUP_BY_INVITATION);
  });

  it('open: the form as always, without an invitation line or token', async () => {
    serverSays('open');
    register = { status: 403, body: { message: SIGNUP_CLOSED } };
    renderPage();
    await screen.findByRole('button', { name: 'Create Account' });
    expect(screen.queryByText('You are signing up through an invitation.')).toBeNull();
    fillAndSubmit();
    await waitFor(() => expect(registered).not.toBeNull());
    expect(registered).not.toHaveProperty('invitation_token');
    // The browser's own time zone, so "today" follows its clock (DECISIONS.md #85).
    expect(registered).toMatchObject({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    // A server switched to closed since the page loaded still has its say.
    expect(await screen.findByText(SIGNUP_CLOSED)).toBeTruthy();
  });

  it('open, with an invitation opened: the token rides along for the server to ignore', async () => {
    serverSays('open');
    rememberInvitation(TOKEN);
    renderPage();
    await screen.findByRole('button', { name: 'Create Account' });
    fillAndSubmit();
    await waitFor(() => expect(registered).toMatchObject({ invitation_token: TOKEN }));
  });

  it('a server that cannot say (an older one, 404) gets the form: it still refuses what it must', async () => {
    config = { status: 404, body: { message: 'Not Found' } };
    renderPage();
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
  });
});

describe('the sign-up password (DECISIONS.md #92)', () => {
  it('shows its strength as it is typed and takes a passphrase without capitals or digits', async () => {
    serverSays('open');
    renderPage();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    expect(screen.queryByTestId('password-strength')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'quiet meadow lantern' } });
    expect(await screen.findByText(/Password strength: /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'quiet meadow lantern' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(registered).toMatchObject({ password: 'quiet meadow lantern' }));
  });
});
