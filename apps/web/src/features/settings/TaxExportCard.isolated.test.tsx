import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Category } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { TaxExportCard } from './TaxExportCard';

const sub = (id: number, name: string, type: 'income' | 'expense', category: number) => ({ id, name, emoji: '', type, transaction_category_id: category });
const expense: Category[] = [
  { id: 1, name: 'Home', type: 'expense', subcategories: [sub(11, 'Household Supplies', 'expense', 1), sub(12, 'Repairs', 'expense', 1)] },
  { id: 2, name: 'Health', type: 'expense', subcategories: [sub(21, 'Doctor', 'expense', 2)] },
];
const income: Category[] = [{ id: 3, name: 'Work', type: 'income', subcategories: [sub(31, 'Paycheck', 'income', 3)] }];

let requested: string[] = [];
let taxAnswer: Response;
const saved: string[] = [];

beforeEach(() => {
  queryClient.clear();
  startSession('token', testUser({ id: 7 }), true);
  requested = [];
  saved.length = 0;
  taxAnswer = new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="mindspend-tax-export-2026-01-01-to-2026-11-26.zip"' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === '/api/month') return new Response(JSON.stringify({ date: '2026-11-26', year: 2026, month: 11, day: 26 }), { status: 200 });
      if (url === '/api/transactions/categories/expenses') return new Response(JSON.stringify(expense), { status: 200 });
      if (url === '/api/transactions/categories/income') return new Response(JSON.stringify(income), { status: 200 });
      if (url.startsWith('/api/export/tax.zip')) return taxAnswer;
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:tax');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show() {
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <TaxExportCard />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The MultiSelect's search box (its hidden input carries the same label). */
function subcategoryBox(): HTMLElement {
  const box = screen.getAllByLabelText('Sub-categories').find((element) => element instanceof HTMLInputElement && element.type !== 'hidden');
  if (!box) throw new Error('no sub-category box');
  return box;
}

async function choose(name: string) {
  const box = subcategoryBox();
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: name.slice(0, 4) } });
  // The dropdown is still in its opening transition, which jsdom never ends: its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('the tax and warranty export card', () => {
  it('downloads the zip of the chosen range and sub-categories', async () => {
    show();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-26' } });
    await choose('Household Supplies');
    await choose('Doctor');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['mindspend-tax-export-2026-01-01-to-2026-11-26.zip']));
    expect(requested).toContain('/api/export/tax.zip?from=2026-01-01&to=2026-11-26&category_ids=11%2C21');
  });

  it('offers income sub-categories too, grouped by category', async () => {
    show();
    await choose('Paycheck');
    fireEvent.click(subcategoryBox());
    fireEvent.change(subcategoryBox(), { target: { value: 'o' } });
    expect(await screen.findByRole('option', { name: 'Doctor', hidden: true })).toBeTruthy();
    expect(screen.getByText('Health')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(requested.some((url) => url.endsWith('category_ids=31'))).toBe(true));
  });

  it('says what is wrong before asking the server', async () => {
    show();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy();
    expect(screen.getByText('Choose at least one sub-category to export.')).toBeTruthy();
    expect(requested.some((url) => url.startsWith('/api/export/tax.zip'))).toBe(false);
  });

  it('shows the server’s sentence when it refuses', async () => {
    taxAnswer = new Response(JSON.stringify({ message: 'A chosen sub-category is not one of this book’s.', errors: { category_ids: ['A chosen sub-category is not one of this book’s.'] } }), { status: 422 });
    show();
    await choose('Repairs');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('A chosen sub-category is not one of this book’s.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
