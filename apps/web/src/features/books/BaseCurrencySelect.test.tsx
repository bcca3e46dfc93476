import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Book } from '@mindspend/api-contract';
import { BaseCurrencySelect } from './BaseCurrencySelect';
import { recordApiCalls } from '../../test/recorded-api';

const ada = { user_id: 7, first_name: 'Ada', last_name: null, email: 'ada@example.com', joined_at: '2026-01-01T00:00:00.000Z', share_feelings: false };
const household: Book = { id: 12, name: 'Household', role: 'owner', personal: false, base_currency: 'USD', members: [{ ...ada, role: 'owner' }] };

const api = recordApiCalls();

const renderSelect = (book: Book) =>
  render(
    <MantineProvider env="test">
      <BaseCurrencySelect book={book} />
    </MantineProvider>,
  );

/** Picks the option whose label starts with `code` after typing it. */
async function choose(code: string) {
  const select = screen.getByRole('combobox', { name: 'Base currency of Household' });
  fireEvent.click(select);
  fireEvent.change(select, { target: { value: code } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${code}`) }));
}

describe("a book's base currency", () => {
  it('is chosen by the owner from every ISO 4217 currency, named in the browser’s language', async () => {
    api.answer = { status: 200, body: { ...household, base_currency: 'EUR' } };
    renderSelect(household);
    await choose('EUR');
    await waitFor(() => expect(api.calls[0]).toEqual({ route: 'PATCH /api/books/12', body: { base_currency: 'EUR' } }));
  });

  it('shows the server’s sentence when it refuses', async () => {
    const refusal = 'The base currency must be an ISO 4217 code in capitals, such as USD or EUR.';
    api.answer = { status: 422, body: { message: refusal, errors: { base_currency: [refusal] } } };
    renderSelect(household);
    await choose('JPY');
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('is only shown to the other members', () => {
    renderSelect({ ...household, role: 'editor' });
    expect(screen.getByText('Base currency: USD')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
