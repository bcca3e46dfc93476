import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { queryClient } from '../lib/query-client';
import { queryClientSlot } from '../lib/query-client-slot';
import { endSession, startSession } from '../lib/session';
import { testUser } from '../lib/test-user';
import { QueryScope } from './QueryScope';

afterEach(() => {
  cleanup();
  endSession();
  queryClientSlot.set(null);
});

function ReadsQueries() {
  const client = useQueryClient();
  return <p>{client === queryClient ? 'the app’s client' : 'another client'}</p>;
}

const renderScope = (children: ReactNode) =>
  render(
    <MantineProvider>
      <QueryScope>{children}</QueryScope>
    </MantineProvider>,
  );

describe('QueryScope: TanStack Query only once someone is signed in (DECISIONS.md #115)', () => {
  it('draws a public page at once, without loading the query client', () => {
    renderScope(<p>Landing</p>);
    expect(screen.getByText('Landing')).toBeTruthy();
    expect(queryClientSlot.get()).toBeNull();
  });

  it('signed in, waits for the client, then gives the screens the app’s client', async () => {
    startSession('token-1', testUser(), false);
    renderScope(<ReadsQueries />);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(await screen.findByText('the app’s client')).toBeTruthy();
  });
});
