import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { USD } from '@mindspend/domain';
import { displayCurrency } from '../../lib/money';
import { numberFormatChoice } from '../../lib/number-format';
import { queryClient } from '../../lib/query-client';
import { transaction } from '../../test/transaction-fixture';
import { TransactionDetailsModal } from '../transactions/TransactionDetailsModal';
import { TransactionRow } from './TransactionRow';

/** €41.50 spent from a euro account in a dollar book, counted as $44.91 at the rate of the day before. */
const inEuros = transaction({
  id: 7, amount: 41.5, credit_amount: 41.5, absolute_value_amount: 41.5, currency: 'EUR', base_amount: 44.91, fx_rate: '1.0822', fx_date: '2026-11-21',
});

beforeEach(() => {
  displayCurrency.set(USD);
  numberFormatChoice.set('en-US');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/transactions/7' ? new Response(JSON.stringify(inEuros), { status: 200 }) : new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  numberFormatChoice.set(null);
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderRow = (row = inEuros) =>
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <TransactionRow transaction={row} top={0} index={0} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('amounts in their account’s currency (issue 27, DECISIONS.md #90)', () => {
  it('shows a EUR row of a USD book in euros, with the dollars it counts for under it', () => {
    renderRow();
    expect(screen.getByTestId('amount').textContent).toBe('-€41.50');
    const base = screen.getByTestId('base-amount');
    expect(base.textContent).toBe("In the book's currency: -$44.91");
    expect(within(base).getByText("In the book's currency:", { exact: false })).toBeTruthy();
  });

  it('shows no second figure for a row in the book’s own currency', () => {
    renderRow(transaction({ amount: 12, base_amount: 12 }));
    expect(screen.getByTestId('amount').textContent).toBe('-$12.00');
    expect(screen.queryByTestId('base-amount')).toBeNull();
  });

  it('shows the euros, the dollars and the rate in the transaction’s details', async () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/ledger/view-transaction/7']}>
            <Routes>
              <Route path="/ledger/view-transaction/:id" element={<TransactionDetailsModal />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect((await screen.findByTestId('details-amount')).textContent).toContain('€41.50');
    expect(screen.getByTestId('details-base-amount').textContent).toContain('$44.91');
    expect(screen.getByTestId('details-fx-rate').textContent).toContain('1 EUR = 1.0822 USD (rate of 11/21/2026)');
  });
});
