import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Book, FxRatesResponse } from '@mindspend/api-contract';
import { RATE_NOT_A_NUMBER } from '@mindspend/domain';
import { chooseBook } from '../../lib/book';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { ExchangeRatesSection } from './ExchangeRatesSection';

const ada = { user_id: 7, first_name: 'Ada', last_name: null, email: 'ada@example.com', joined_at: '2026-01-01T00:00:00.000Z', share_feelings: false };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, base_currency: 'USD', members: [{ ...ada, role: 'owner' }] };
const rates: FxRatesResponse = {
  base_currency: 'USD',
  from: '2026-10-27',
  to: '2026-11-26',
  rates: [
    { currency: 'JPY', date: '2026-11-24', rate: '0.0068', source: 'manual', ecb_rate: '0.006666461349' },
    { currency: 'JPY', date: '2026-11-23', rate: '0.006583850932', source: 'ecb', ecb_rate: '0.006583850932' },
  ],
};

let books: Book[] = [];
let calls: { route: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7 }), true);
  books = [personal];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      calls.push({ route, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (route === 'GET /api/books') return new Response(JSON.stringify({ books }), { status: 200 });
      if (route === 'GET /api/month') return new Response(JSON.stringify({ date: '2026-11-26', year: 2026, month: 11, day: 26 }), { status: 200 });
      if (route.startsWith('GET /api/fx-rates')) return new Response(JSON.stringify(rates), { status: 200 });
      if (route.startsWith('PUT /api/fx-rates/')) {
        return new Response(JSON.stringify({ currency: 'JPY', date: '2026-11-25', rate: '0.0067', source: 'manual', ecb_rate: null }), { status: 200 });
      }
      if (route.startsWith('DELETE /api/fx-rates/')) return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    }),
  );
});

afterEach(() => {
  cleanup();
  chooseBook(null);
  endSession();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderSection = () =>
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ExchangeRatesSection />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('Settings → Exchange rates', () => {
  it('lists the book’s rates in its base currency, yours marked and removable', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Exchange rates' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['DayCurrencyRate in USDSourceRemove', '2026-11-24JPY0.0068Yours', '2026-11-23JPY0.006583850932ECB']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove your JPY rate of 2026-11-24' }));
    await waitFor(() => expect(calls.some((call) => call.route === 'DELETE /api/fx-rates/JPY/2026-11-24')).toBe(true));
  });

  it('refuses a rate written the wrong way before sending it, then saves the right one', async () => {
    renderSection();
    const form = await screen.findByRole('form', { name: 'Enter your own rate' });
    const currency = within(form).getByRole('combobox', { name: 'Currency' });
    fireEvent.click(currency);
    fireEvent.change(currency, { target: { value: 'JPY' } });
    fireEvent.click(await screen.findByRole('option', { name: /^JPY/ }));
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '2026-11-25' } });
    fireEvent.change(within(form).getByLabelText('Rate in USD'), { target: { value: '0,0067' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await within(form).findByText(RATE_NOT_A_NUMBER)).toBeTruthy();
    expect(calls.some((call) => call.route.startsWith('PUT'))).toBe(false);

    fireEvent.change(within(form).getByLabelText('Rate in USD'), { target: { value: '0.0067' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Saved: 1 JPY = 0.0067 USD on 2026-11-25.')).toBeTruthy();
    expect(calls.find((call) => call.route.startsWith('PUT'))).toEqual({ route: 'PUT /api/fx-rates/JPY/2026-11-25', body: { rate: '0.0067' } });
  });

  it('offers a viewer the rates but no form', async () => {
    books = [{ ...personal, role: 'viewer' }];
    renderSection();
    await screen.findByRole('table', { name: 'Exchange rates' });
    expect(screen.queryByRole('form', { name: 'Enter your own rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
