import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Book, InsightsResponse } from '@mindspend/api-contract';
import { chooseBook } from '../../lib/book';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { InsightsPage } from './InsightsPage';

const ana = { user_id: 7, first_name: 'Ana', last_name: null, email: 'ana@example.com', joined_at: '', share_feelings: true };
const ben = { user_id: 8, first_name: 'Ben', last_name: null, email: 'ben@example.com', joined_at: '', share_feelings: true };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, base_currency: 'USD', members: [{ ...ana, role: 'owner' }] };
const household: Book = { id: 12, name: 'Household', role: 'editor', personal: false, base_currency: 'USD', members: [{ ...ben, role: 'owner' }, { ...ana, role: 'editor' }] };

const notEnough = { enough: false as const, feelings: 0, needed: 5 };
const answer = (together: InsightsResponse['together']): InsightsResponse => ({
  from: '2026-06',
  to: '2026-11',
  account_id: null,
  totals: totalsNow,
  by_feeling: [],
  by_purpose: [],
  regret: { rate: 0, regretted: 0, by_category: [], by_payee: [], top_payees: [] },
  trend: [],
  by_category: [],
  shifts: { by_category: [], by_payee: [] },
  triggers: { weekday: notEnough, days_since_income: notEnough, payment_method: notEnough, amount_band: notEnough },
  together,
});
const together: NonNullable<InsightsResponse['together']> = {
  members: [
    { user_id: 7, first_name: 'Ana' },
    { user_id: 8, first_name: 'Ben' },
  ],
  compared: 2,
  totals: { all_amount: 30, all_count: 1, some_amount: 20, some_count: 1 },
  by_payee: [],
  by_category: [],
};

let insightCalls: string[] = [];
const FULLY_FELT = { spent: 50, transaction_count: 2, tagged: 50, untagged: 0, with_purpose: 0 };
let totalsNow: InsightsResponse['totals'] = FULLY_FELT;

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7 }), true);
  insightCalls = [];
  totalsNow = FULLY_FELT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url === '/api/books') return json({ books: [personal, household] });
      if (url === '/api/accounts') return json([]);
      if (url === '/api/month') return json({ year: 2026, month: 11 });
      if (url.startsWith('/api/insights?')) {
        insightCalls.push(url);
        return json(answer(url.includes('view=together') ? together : null));
      }
      return new Response(JSON.stringify({ message: `unexpected ${url}` }), { status: 500 });
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

const renderPage = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/insights']}>
          <InsightsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('Insights: whose feelings (issue 25)', () => {
  it('in a shared book, Together asks for view=together and adds its section to the rest of the page', async () => {
    chooseBook(12);
    renderPage();
    await screen.findByRole('radiogroup', { name: 'Whose feelings' });
    await screen.findByTestId('insight-feelings');
    expect(insightCalls.every((url) => !url.includes('view='))).toBe(true);
    expect(screen.queryByRole('region', { name: 'Together' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Together' }));
    expect(await screen.findByRole('region', { name: 'Together' })).toBeTruthy();
    expect(insightCalls.at(-1)).toMatch(/[?&]view=together(&|$)/);
    expect(screen.getByTestId('insight-feelings')).toBeTruthy();
  });

  it('offers no choice in the personal book', async () => {
    renderPage();
    await screen.findByTestId('insight-feelings');
    await waitFor(() => expect(queryClient.getQueryState(['books'])?.status).toBe('success'));
    expect(screen.queryByRole('radiogroup', { name: 'Whose feelings' })).toBeNull();
  });
});

describe('Insights: figures resting on too little (issue 30)', () => {
  it('says so when under half the spending has a feeling, and not when it is felt', async () => {
    totalsNow = { spent: 50, transaction_count: 5, tagged: 10, untagged: 40, with_purpose: 0 };
    renderPage();
    const warning = await screen.findByTestId('insights-low-coverage');
    expect(warning.textContent).toContain('Only 20% of this spending has a feeling');
    cleanup();
    queryClient.clear();
    totalsNow = FULLY_FELT;
    renderPage();
    await screen.findByTestId('insight-feelings');
    expect(screen.queryByTestId('insights-low-coverage')).toBeNull();
  });
});

