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

  it('after a full page, shows more from after its last expense, then says all is done', async () => {
    api.answers['GET /api/second-look/count'] = { body: { count: 51 } };
    const page = Array.from({ length: 50 }, (_, i) => transaction({ id: i + 1, date: '2026-10-01', payee: `Shop ${i + 1}` }));
    api.answers['GET /api/second-look?limit=50'] = { body: page };
    api.answers['GET /api/second-look?limit=50&after_date=2026-10-01&after_id=50'] = { body: [transaction({ id: 77 })] };
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Second look (51)' }));
    expect((await screen.findByTestId('flow-counter')).textContent).toBe('1 of 50');
    for (let i = 1; i < 50; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
      await screen.findByText(`${i + 1} of 50`);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByText('1 of 1');
    const fetched = (globalThis.fetch as unknown as { mock: { calls: Array<[string]> } }).mock.calls.map(([url]) => url);
    expect(fetched).toContain('/api/second-look?limit=50&after_date=2026-10-01&after_id=50');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByTestId('flow-done')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  }, 30_000);

  it('shows nothing while nothing is due', async () => {
    api.answers['GET /api/second-look/count'] = { body: { count: 0 } };
    renderButton();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Second look/ })).toBeNull();
  });
});
