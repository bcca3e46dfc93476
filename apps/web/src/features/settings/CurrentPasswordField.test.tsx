import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SIGN_IN_AGAIN_TO_CONFIRM } from '@mindspend/api-contract';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { DeleteAccountSection } from './DeleteAccountSection';

let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (typeof init.body === 'string') sent.push(JSON.parse(init.body));
      return new Response(JSON.stringify({ message: SIGN_IN_AGAIN_TO_CONFIRM, errors: { current_password: [SIGN_IN_AGAIN_TO_CONFIRM] } }), {
        status: 422,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

const openDeletion = () => {
  render(
    <MantineProvider>
      <MemoryRouter>
        <DeleteAccountSection userId={7} />
      </MemoryRouter>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete Account and All Data' }));
};

describe('confirming a sensitive change (DECISIONS.md #81)', () => {
  it('asks an account with a password for it', async () => {
    startSession('token', testUser({ has_password: true }), true);
    openDeletion();
    expect(await screen.findByLabelText('Current Password')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Account and All Data' })).toHaveProperty('disabled', true);
  });

  it('lets an account without one confirm by its recent sign-in, and shows the server’s answer when that is too old', async () => {
    startSession('token', testUser({ has_password: false }), true);
    openDeletion();
    expect(await screen.findByText(/Your account has no password: it signs in with single sign-on/)).toBeTruthy();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Account and All Data' }));
    await waitFor(() => expect(sent).toEqual([{ current_password: '' }]));
    expect(await screen.findByText(SIGN_IN_AGAIN_TO_CONFIRM)).toBeTruthy();
  });
});
