import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuthConfigResponse } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { rememberInvitation } from '../books/pending-invitation';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';
import { takeSingleSignOnChoice } from './single-sign-on';
import { SSO_ERRORS } from './sso-errors';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234';
let config: AuthConfigResponse;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/config'
        ? new Response(JSON.stringify(config), { status: 200 })
        : new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const renderAt = (path: string, page = <LoginPage />) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('the login page offers what the server does (DECISIONS.md #81)', () => {
  it('passwords only: the form, and no single sign-on button', async () => {
    config = { signup: 'open', password: true, oidc: null };
    renderAt('/login');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /single sign-on/ })).toBeNull();
  });

  it('both: the button goes to the server with the time zone and a waiting invitation, and keeps "Remember me"', async () => {
    config = { signup: 'open', password: true, oidc: { label: 'Sign in with Authentik' } };
    rememberInvitation(TOKEN);
    renderAt('/login');
    const button = await screen.findByRole('link', { name: 'Sign in with Authentik' });
    const href = new URL(button.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/auth/oidc/start');
    expect(href.searchParams.get('invitation_token')).toBe(TOKEN);
    expect(href.searchParams.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // `+ 0` makes UTC's -0 a 0, as the query string writes it.
    expect(Number(href.searchParams.get('timezone'))).toBe(-new Date().getTimezoneOffset() / 60 + 0);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByText('or with your password')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Remember me'));
    button.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(button);
    expect(takeSingleSignOnChoice()).toBe(true);
  });

  it('OIDC_ONLY: the button alone, no password form, no sign-up form', async () => {
    config = { signup: 'open', password: false, oidc: { label: 'Sign in with single sign-on' } };
    renderAt('/login');
    expect(await screen.findByRole('link', { name: 'Sign in with single sign-on' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByText('or with your password')).toBeNull();
    cleanup();
    renderAt('/signup', <RegisterPage />);
    expect(await screen.findByText(/Accounts on this server are made with single sign-on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on' })).toBeTruthy();
  });

  it('says why a single sign-on did not sign the person in, and ignores an sso_error it does not know', async () => {
    config = { signup: 'open', password: true, oidc: { label: 'Sign in with single sign-on' } };
    renderAt('/login?sso_error=unverified');
    expect((await screen.findByRole('alert')).textContent).toContain(SSO_ERRORS.unverified);
    cleanup();
    renderAt('/login?sso_error=<script>');
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
