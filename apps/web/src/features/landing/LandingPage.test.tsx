import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SignupMode } from '@mindspend/api-contract';
import { authConfig } from '../../lib/auth-config';
import { GetStarted } from './GetStarted';
import { Hero } from './Hero';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCallsToAction = (signup: SignupMode) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ signup, password: true, oidc: null }), { status: 200 })),
  );
  return render(
    <MantineProvider>
      <MemoryRouter>
        <Hero />
        <GetStarted />
      </MemoryRouter>
    </MantineProvider>,
  );
};

const signInLinks = () => screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'));

describe('the landing page’s calls to action follow the server’s SIGNUP (DECISIONS.md #79)', () => {
  it('open: Join For Free in the hero and at the end', async () => {
    renderCallsToAction('open');
    await vi.waitFor(() => expect(authConfig.store.get().data).toEqual({ signup: 'open', password: true, oidc: null }));
    expect(screen.getAllByRole('link', { name: 'Join For Free' })).toHaveLength(2);
  });

  it('closed: a note and Sign in, never a way to sign up', async () => {
    renderCallsToAction('closed');
    expect(await screen.findAllByText('This server is not taking new accounts.')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Join For Free' })).toBeNull();
    expect(signInLinks()).toEqual(['/login', '/login']);
  });

  it('invite: says accounts come by invitation, and keeps Sign in', async () => {
    renderCallsToAction('invite');
    expect(await screen.findAllByText('New accounts here are by invitation.')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Join For Free' })).toBeNull();
    expect(signInLinks()).toEqual(['/login', '/login']);
  });
});
