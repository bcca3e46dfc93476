import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Transfer } from '@mindspend/api-contract';
import { numberFormatChoice } from '../../lib/number-format';
import { queryClient } from '../../lib/query-client';
import { account } from '../../test/account-fixture';
import { EditTransferModal } from './TransferModals';

const transfer: Transfer = { id: 9, from_transaction_id: 2, to_transaction_id: 3, from_account_id: 1, to_account_id: 2, amount: 500, to_amount: 500, date: '2026-11-03', notes: null };

let sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  // The notes box autosizes when fonts load; happy-dom has no document.fonts to listen to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') sent.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url === '/api/transfers/9') return new Response(JSON.stringify(transfer), { status: 200 });
      if (url === '/api/accounts') return new Response(JSON.stringify([account(), account({ id: 2, name: 'Savings' })]), { status: 200 });
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    }),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  numberFormatChoice.set(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderEdit = () =>
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/ledger/edit-transfer/9']}>
          <Routes>
            <Route path="/ledger/edit-transfer/:id" element={<EditTransferModal />} />
            <Route path="/ledger" element={<p>Ledger</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

async function typeAmount(text: string): Promise<HTMLElement> {
  const amount = await screen.findByLabelText(/^Amount/);
  fireEvent.focus(amount);
  fireEvent.change(amount, { target: { value: text } });
  return amount;
}

describe('a transfer’s amount typed the person’s way (issue 27, DECISIONS.md #86)', () => {
  it('shows the saved amount in German numbers and sends `12,34` as 12.34', async () => {
    numberFormatChoice.set('de-DE');
    renderEdit();
    expect(await screen.findByDisplayValue('500,00')).toBeTruthy();
    await typeAmount('12,34');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH', url: '/api/transfers/9', body: { amount: 12.34 } });
  });

  it('refuses `12,34` with American numbers, says why under the box and above the form, and sends nothing', async () => {
    numberFormatChoice.set('en-US');
    renderEdit();
    const amount = await typeAmount('12,34');
    fireEvent.blur(amount);
    const reason = '“12,34” is unclear: in this number format decimals follow “.” and digits are grouped as in 1,234,567.89.';
    expect(await screen.findByText(reason)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(sent).toEqual([]);
  });

  it('lets a half-typed amount be while the person is still typing', async () => {
    numberFormatChoice.set('en-US');
    renderEdit();
    await typeAmount('1,');
    expect(screen.queryByText(/is unclear/)).toBeNull();
  });
});
