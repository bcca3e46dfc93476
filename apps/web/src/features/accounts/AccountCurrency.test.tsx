import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ACCOUNT_CURRENCY_LOCKED, type AccountType } from '@mindspend/api-contract';
import { USD, currencyCode } from '@mindspend/domain';
import { displayCurrency } from '../../lib/money';
import { numberFormatChoice } from '../../lib/number-format';
import { queryClient } from '../../lib/query-client';
import { account } from '../../test/account-fixture';
import { routeApiCalls } from '../../test/route-api';
import { EditAccountModal } from './EditAccountModal';
import { NewAccountModal } from './NewAccountModal';

const types: AccountType[] = [
  { id: 1, name: 'Savings' },
  { id: 2, name: 'Checking' },
  { id: 3, name: 'Credit card' },
];

const api = routeApiCalls();

const YEN_REFUSAL = 'JPY amounts have no decimal places. In this number format “.” starts the decimals.';

afterEach(() => {
  displayCurrency.set(USD);
  numberFormatChoice.set(null);
  localStorage.clear();
});

function renderAt(path: string) {
  api.answers['GET /api/accounts/types'] = { body: types };
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/ledger/createAccount" element={<NewAccountModal />} />
            <Route path="/ledger/editAccount/:id" element={<EditAccountModal />} />
            <Route path="/ledger" element={<p>Ledger</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Picks the currency whose label starts with `code` in the account form's Currency select. */
async function chooseCurrency(code: string) {
  const select = await screen.findByRole('combobox', { name: /^Currency/ });
  fireEvent.click(select);
  fireEvent.change(select, { target: { value: code } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${code}`) }));
}

function typeBalance(text: string): HTMLElement {
  const balance = screen.getByRole('textbox', { name: /^Account Balance/ });
  fireEvent.focus(balance);
  fireEvent.change(balance, { target: { value: text } });
  fireEvent.blur(balance);
  return balance;
}

describe('an account in its own currency (issue 27, DECISIONS.md #90)', () => {
  it('starts in the book’s base currency and sends the currency picked on create', async () => {
    displayCurrency.set(currencyCode('EUR'));
    numberFormatChoice.set('en-US');
    api.answers['POST /api/accounts'] = { status: 201, body: account({ id: 8, name: 'Travel', currency: 'JPY' }) };
    renderAt('/ledger/createAccount');
    const select = await screen.findByRole('combobox', { name: /^Currency/ });
    expect((select as HTMLInputElement).value).toBe('EUR — Euro');
    fireEvent.change(screen.getByRole('textbox', { name: 'Account Name' }), { target: { value: 'Travel' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Savings' }));
    await chooseCurrency('JPY');
    typeBalance('12000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({
      route: 'POST /api/accounts',
      body: { name: 'Travel', account_type_id: 1, currency: 'JPY', most_recent_balance: { current_balance: 12000 } },
    });
  });

  it('reads the balance in the chosen currency: a yen account refuses “12.5” and sends nothing', async () => {
    numberFormatChoice.set('en-US');
    renderAt('/ledger/createAccount');
    fireEvent.click(await screen.findByRole('radio', { name: 'Savings' }));
    await chooseCurrency('JPY');
    const balance = typeBalance('12.5');
    expect(await screen.findByText(YEN_REFUSAL)).toBeTruthy();
    expect(balance.getAttribute('aria-invalid')).toBe('true');
    // The box shows the yen's symbol and no decimals in its placeholder.
    expect(balance.getAttribute('placeholder')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(YEN_REFUSAL)).toHaveLength(2));
    expect(api.sent).toEqual([]);
  });

  it('shows a EUR account’s balance in euros on edit, and the server’s refusal of a new currency under the select', async () => {
    numberFormatChoice.set('de-DE');
    api.answers['GET /api/accounts'] = { body: [account({ id: 4, name: 'Girokonto', currency: 'EUR', most_recent_balance: { id: 1, current_balance: 1234.5, available_balance: 0, limit: null, date: '2026-10-31' } })] };
    api.answers['PUT /api/accounts/4'] = { status: 422, body: { message: ACCOUNT_CURRENCY_LOCKED, errors: { currency: [ACCOUNT_CURRENCY_LOCKED] } } };
    renderAt('/ledger/editAccount/4');
    expect(await screen.findByDisplayValue('1234,50')).toBeTruthy();
    expect(screen.getByText('An account with transactions keeps its currency.')).toBeTruthy();
    await chooseCurrency('USD');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toMatchObject({ route: 'PUT /api/accounts/4', body: { currency: 'USD' } });
    const select = screen.getByRole('combobox', { name: /^Currency/ });
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    const form = select.closest('form');
    expect(form && within(form).getAllByText(ACCOUNT_CURRENCY_LOCKED)).toHaveLength(1);
  });
});
