import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { routeApiCalls } from '../../test/route-api';
import { transaction } from '../../test/transaction-fixture';
import { SecondLookButton } from './SecondLookButton';

const api = routeApiCalls();

afterEach(() => {
  endSession();
});

function renderButton() {
  startSession('token', testUser({ second_look_days: 7 }), true);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <SecondLookButton />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the ledger’s second-look button (issue 29: the count, not the list)', () => {
  it('shows the count the server gives, and asks for a page of the expenses only when opened', async () => {
    api.answers['GET /api/second-look/count'] = { body: { count: 130 } };
    api.answers['GET /api/second-look?limit=50'] = { body: [transaction({ id: 1, amount: 12.5, payee: 'Corner Bar' })] };
    renderButton();
    const button = await screen.findByRole('button', { name: 'Second look (130)' });
    const fetched = () => (globalThis.fetch as unknown as { mock: { calls: Array<[string]> } }).mock.calls.map(([url]) => url);
    expect(fetched()).not.toContain('/api/second-look?limit=50');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(fetched()).toContain('/api/second-look?limit=50');
  });

  it('shows nothing while nothing is due', async () => {
    api.answers['GET /api/second-look/count'] = { body: { count: 0 } };
    renderButton();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Second look/ })).toBeNull();
  });
});
