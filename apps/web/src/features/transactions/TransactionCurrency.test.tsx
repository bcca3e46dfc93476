import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { USD } from '@mindspend/domain';
import { displayCurrency } from '../../lib/money';
import { numberFormatChoice } from '../../lib/number-format';
import { queryClient } from '../../lib/query-client';
import { routeApiCalls } from '../../test/route-api';
import { transaction } from '../../test/transaction-fixture';
import { EditTransactionModal } from './EditTransactionModal';

const api = routeApiCalls();

/** ¥1,200 from a yen account in a dollar book. */
const inYen = transaction({ id: 7, amount: 1200, credit_amount: 1200, absolute_value_amount: 1200, currency: 'JPY', base_amount: 8.05, fx_rate: '0.006708', fx_date: '2026-11-21' });

const YEN_REFUSAL = 'JPY amounts have no decimal places. In this number format “.” starts the decimals.';

beforeEach(() => {
  displayCurrency.set(USD);
  numberFormatChoice.set('en-US');
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  }
});

afterEach(() => {
  numberFormatChoice.set(null);
  localStorage.clear();
});

function renderEdit() {
  api.answers['GET /api/transactions/7'] = { body: inYen };
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/ledger/edit-transaction/7']}>
          <Routes>
            <Route path="/ledger/edit-transaction/:id" element={<EditTransactionModal />} />
            <Route path="/ledger" element={<p>Ledger</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a transaction’s amount typed in its account’s currency (issue 27, DECISIONS.md #90)', () => {
  it('shows a yen amount without decimals, refuses “12.5” and sends whole yen', async () => {
    api.answers['PUT /api/transactions/7'] = { body: inYen };
    renderEdit();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    expect((amount as HTMLInputElement).value).toBe('1200');
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(YEN_REFUSAL)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(YEN_REFUSAL)).toHaveLength(2));
    expect(api.sent).toEqual([]);
    fireEvent.change(amount, { target: { value: '1,250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({ route: 'PUT /api/transactions/7', body: { amount: 1250 } });
  });
});
