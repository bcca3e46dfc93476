import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { AddPasskeyForm } from './AddPasskeyForm';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args),
}));

const OPTIONS = {
  challenge: 'abc',
  rp: { name: 'Mindspend', id: 'localhost' },
  user: { id: 'u', name: 'me@example.com', displayName: 'Me' },
  pubKeyCredParams: [],
};
const ATTESTATION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
  clientExtensionResults: {},
};

/** What the server answers each path with, and what was sent to it. */
let answers: Record<string, { status: number; body: unknown }> = {};
let sent: { path: string; body: unknown }[] = [];
const onAdded = vi.fn();

beforeEach(() => {
  startSession('token', testUser({ id: 7 }), true);
  sent = [];
  startRegistration.mockReset();
  onAdded.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^.*\/api/, '');
      sent.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[path] ?? { status: 404, body: { message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function fill(name: string, password: string) {
  render(
    <MantineProvider>
      <AddPasskeyForm onAdded={onAdded} onCancel={() => undefined} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('adding a passkey', () => {
  it('asks the browser with the server’s options and saves what it made, under the name given', async () => {
    answers = {
      '/user/passkeys/registration-options': { status: 200, body: OPTIONS },
      '/user/passkeys': {
        status: 201,
        body: { id: 3, name: 'Phone', created_at: '2026-11-20T10:00:00.000Z', last_used_at: null },
      },
    };
    startRegistration.mockResolvedValue(ATTESTATION);
    fill(' Phone ', 'Mindful123');
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ id: 3, name: 'Phone' })),
    );
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent).toEqual([
      { path: '/user/passkeys/registration-options', body: { current_password: 'Mindful123' } },
      { path: '/user/passkeys', body: { name: 'Phone', response: ATTESTATION } },
    ]);
  });

  it('shows a wrong password under the field, in the server’s words, without asking the browser', async () => {
    answers = {
      '/user/passkeys/registration-options': {
        status: 422,
        body: {
          message: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        },
      },
    };
    fill('', 'wrong');
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it('says so when the person cancels the browser’s passkey prompt, and saves nothing', async () => {
    answers = { '/user/passkeys/registration-options': { status: 200, body: OPTIONS } };
    startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    fill('', 'Mindful123');
    expect(
      await screen.findByText('The passkey request was cancelled or timed out. Please try again.'),
    ).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual(['/user/passkeys/registration-options']);
  });

  it('shows why the server offers no passkeys instead of “Unexpected error occurred.”', async () => {
    const unavailable =
      'Passkeys are not available on this server: its address (APP_URL) must be a domain name, not an IP address.';
    answers = { '/user/passkeys/registration-options': { status: 403, body: { message: unavailable } } };
    fill('', 'Mindful123');
    expect(await screen.findByText(unavailable)).toBeTruthy();
  });
});
