import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Transaction } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { TransactionDetailsModal } from './TransactionDetailsModal';

const purchase: Transaction = {
  id: 5, account_id: 1, amount: 42, type: 'expense', entity: { id: 3, name: 'Market', name_short: 'Market' }, entity_id: 3, payee: null,
  description: null, notes: null, payment_method: null, purpose: null, emotions: ['positive'], emotion_names: ['positive'], second_feeling: null,
  feelings_by_member: [], date: '2026-11-22', date_short: '11/22/2026', date_js: '2026-11-22T12:00:00', day_of_week: 'Sunday', date_month: 11,
  date_day: 22, credit_amount: 42, debit_amount: null, absolute_value_amount: 42, pending: 0, transaction_category_id: null, subcategories: [],
  transfer_id: null, transfer_account: null, currency: 'USD', base_amount: 42, fx_rate: null, fx_date: null,
};

let answer: Transaction = purchase;

beforeEach(() => {
  answer = purchase;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/transactions/5'
        ? new Response(JSON.stringify(answer), { status: 200 })
        : new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderDetails = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/ledger/view-transaction/5']}>
          <Routes>
            <Route path="/ledger/view-transaction/:id" element={<TransactionDetailsModal />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('Transaction Details in a shared book (issue 25)', () => {
  it('lists how the other members felt, with their second look, beside the caller’s own feeling', async () => {
    answer = {
      ...purchase,
      feelings_by_member: [
        { user_id: 8, first_name: 'Ben', feeling: 'negative', second_feeling: 'positive' },
        { user_id: 9, first_name: null, feeling: 'mixed', second_feeling: null },
      ],
    };
    renderDetails();
    const others = await screen.findByRole('region', { name: 'How others felt' });
    const rows = within(others).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'BenRegretted itOn a second look: Felt good',
      'A memberMixed feelings',
    ]);
    expect(screen.getByTestId('details-amount').textContent).toContain('$42.00');
  });

  it('shows no such section when nobody else shares their feelings', async () => {
    renderDetails();
    await screen.findByTestId('details-entity');
    expect(screen.queryByRole('region', { name: 'How others felt' })).toBeNull();
  });
});

describe('Transaction Details of an ordinary purchase (issue 36)', () => {
  const part = (id: number, name: string, emoji: string, amount: number) => ({
    id, name, emoji, transaction_category_id: 4, type: 'expense' as const, amount, pivot: { amount },
  });

  it('lists every part of a split with its own amount, not only the first', async () => {
    answer = { ...purchase, amount: 120, subcategories: [part(11, 'Groceries', '🛒', 80), part(12, 'General Merchandise', '🛍️', 40)] };
    renderDetails();
    const split = await screen.findByTestId('details-split');
    expect(split.textContent).toBe('🛒 Groceries$80.00🛍️ General Merchandise$40.00');
    expect(screen.getByText('Split')).toBeTruthy();
  });

  it('names a single sub-category without an amount beside it', async () => {
    answer = { ...purchase, subcategories: [part(11, 'Groceries', '🛒', 42)] };
    renderDetails();
    await screen.findByTestId('details-entity');
    expect(screen.getByText('Category')).toBeTruthy();
    expect(screen.getByText('🛒 Groceries')).toBeTruthy();
    expect(screen.queryByTestId('details-split')).toBeNull();
  });

  it('shows the notes that were saved, line breaks kept', async () => {
    answer = { ...purchase, notes: 'Weekly shop\nwith milk' };
    renderDetails();
    expect((await screen.findByTestId('details-notes')).textContent).toBe('Weekly shop\nwith milk');
  });
});
