import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { transferToAmountRequired } from '@mindspend/api-contract';
import { USD } from '@mindspend/domain';
import { displayCurrency } from '../../lib/money';
import { numberFormatChoice } from '../../lib/number-format';
import { queryClient } from '../../lib/query-client';
import { account } from '../../test/account-fixture';
import { routeApiCalls } from '../../test/route-api';
import { NewTransferModal } from './TransferModals';

const api = routeApiCalls();

const accounts = [account({ id: 1, name: 'Everyday', currency: 'USD' }), account({ id: 2, name: 'Girokonto', currency: 'EUR' }), account({ id: 3, name: 'Savings', currency: 'USD' })];

beforeEach(() => {
  displayCurrency.set(USD);
  numberFormatChoice.set('en-US');
  // The notes box autosizes when fonts load; happy-dom has no document.fonts to listen to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  }
});

afterEach(() => {
  numberFormatChoice.set(null);
  localStorage.clear();
});

function renderNew() {
  api.answers['GET /api/accounts'] = { body: accounts };
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/ledger/add-transfer']}>
          <Routes>
            <Route path="/ledger/add-transfer" element={<NewTransferModal />} />
            <Route path="/ledger" element={<p>Ledger</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function chooseAccount(field: 'From account' | 'To account', name: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${field}`) }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

function type(label: RegExp, text: string) {
  const box = screen.getByRole('textbox', { name: label });
  fireEvent.change(box, { target: { value: text } });
}

describe('a transfer between two currencies (issue 27, DECISIONS.md #90)', () => {
  it('asks for the amount received in the to account’s currency, and sends it as to_amount', async () => {
    api.answers['POST /api/transfers'] = { status: 201, body: {} };
    renderNew();
    await chooseAccount('From account', 'Girokonto');
    await chooseAccount('To account', 'Everyday');
    type(/^Amount$/, '100');
    const received = screen.getByRole('textbox', { name: /^Amount received/ });
    expect(received.closest('.mantine-TextInput-root')?.textContent).toContain('$');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transfer' }));
    // Left empty, it is asked for before anything is sent.
    expect(await screen.findByText(transferToAmountRequired('EUR', 'USD'))).toBeTruthy();
    expect(api.sent).toEqual([]);
    type(/^Amount received/, '108.22');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transfer' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({ route: 'POST /api/transfers', body: { from_account_id: 2, to_account_id: 1, amount: 100, to_amount: 108.22 } });
  });

  it('asks only for the amount sent between two accounts in one currency', async () => {
    api.answers['POST /api/transfers'] = { status: 201, body: {} };
    renderNew();
    await chooseAccount('From account', 'Everyday');
    await chooseAccount('To account', 'Savings');
    expect(screen.queryByRole('textbox', { name: /^Amount received/ })).toBeNull();
    type(/^Amount$/, '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save Transfer' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).not.toHaveProperty('to_amount');
  });
});
