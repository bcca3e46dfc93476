import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { PasswordEditForm } from './PasswordEditForm';

let sent: unknown[] = [];

beforeEach(() => {
  startSession('token', testUser({ id: 7 }), true);
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (typeof init.body === 'string') sent.push(JSON.parse(init.body));
      return new Response(JSON.stringify({ message: 'Password updated successfully!' }), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function fillAndSave() {
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'Mindful123' } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Secret999x' } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Secret999x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the password form', () => {
  it('keeps personal access tokens unless the person asks to revoke them', async () => {
    const onSaved = vi.fn();
    render(
      <MantineProvider>
        <PasswordEditForm onCancel={() => undefined} onSaved={onSaved} />
      </MantineProvider>,
    );
    fillAndSave();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ revoke_personal_tokens: false })]);
  });

  it('sends the choice to revoke them with the new password', async () => {
    const onSaved = vi.fn();
    render(
      <MantineProvider>
        <PasswordEditForm onCancel={() => undefined} onSaved={onSaved} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Also revoke my personal access tokens/ }));
    fillAndSave();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ new_password: 'Secret999x', revoke_personal_tokens: true })]);
  });

  it('takes a passphrase without capitals or digits and shows its strength as it is typed (DECISIONS.md #92)', async () => {
    const onSaved = vi.fn();
    render(
      <MantineProvider>
        <PasswordEditForm onCancel={() => undefined} onSaved={onSaved} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'Mindful123' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'quiet meadow lantern' } });
    expect(await screen.findByText(/Password strength: /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'quiet meadow lantern' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ new_password: 'quiet meadow lantern' })]);
  });
});
