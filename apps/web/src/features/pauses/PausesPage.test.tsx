import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Pause, PauseSummary } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { browserToday } from '../../lib/use-today';
import { routeApiCalls } from '../../test/route-api';
import { PausesPage } from './PausesPage';
import { SUMMARY_DAYS, lastDays } from './pause-list';

const api = routeApiCalls();

/** Noon of the local day `days` from today: its calendar distance does not hang on the hour the tests run. */
const inDays = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  day.setHours(12, 0, 0, 0);
  return day.toISOString();
};

const headphones: Pause = {
  id: 3,
  payee: 'Sound Shop',
  entity_id: 4,
  subcategory_id: null,
  subcategory: null,
  amount: 180,
  payment_method: 'credit_card',
  note: 'headphones',
  created_at: inDays(-2),
  cooling_off_days: 5,
  remind_at: inDays(3),
  status: 'waiting',
  decision: null,
  decided_at: null,
  transaction_id: null,
  forecast: {
    enough: true,
    regret_rate: 64,
    similar: 11,
    regretted: 7,
    soured: 3,
    needed: 5,
    basis: [
      { kind: 'payee', label: 'Sound Shop', feelings: 11, regretted: 7, rate: 63.6, lift: null },
      { kind: 'weekday', label: 'Friday', feelings: 10, regretted: 4, rate: 40, lift: 1.6 },
    ],
  },
  match: { transaction_id: 41, date: '2026-11-22', amount: 175, payee: 'Sound Shop' },
};

const summary: PauseSummary = {
  ...lastDays(browserToday(), SUMMARY_DAYS),
  skipped: { count: 3, total: 420 },
  bought: { count: 1, total: 60 },
  undecided: 1,
  after_pause: { felt: 4, regretted: 1, rate: 25 },
  rest: { felt: 10, regretted: 3, rate: 30 },
};

function answerWith(pauses: Pause[]) {
  const { from, to } = lastDays(browserToday(), SUMMARY_DAYS);
  api.answers = {
    'GET /api/pauses': { body: pauses },
    [`GET /api/pauses/summary?from=${from}&to=${to}`]: { body: summary },
    'GET /api/notifications': { body: { notifications: [] } },
  };
}

const renderPage = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/pauses']}>
          <PausesPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('the pause list page (issue 31)', () => {
  it('shows each pause with its countdown, its forecast in words and the purchase that may be it', async () => {
    answerWith([headphones]);
    renderPage();
    const card = await screen.findByTestId('pause-card');
    expect(within(card).getByTestId('pause-status').textContent).toBe('Decide in 3 days');
    expect(card.textContent).toContain('Purchases like this were regretted 7 of 11 times; 3 soured later.');
    expect(card.textContent).toContain('Expected regret: 64%');
    expect(card.textContent).toContain('Friday: 40% regretted (×1.6)');
    expect(card.textContent).toContain('at Sound Shop · Credit Card');
    expect(within(card).getByTestId('pause-match').textContent).toContain('Looks like you bought it on 11/22/2026: Sound Shop $175.00');
  });

  it('sums up the last 90 days', async () => {
    answerWith([]);
    renderPage();
    expect((await screen.findByTestId('pause-summary-skipped')).textContent).toBe('Skipped 3 purchases worth $420.00 — regret avoided');
    expect(screen.getByTestId('pause-summary-felt').textContent).toBe('Bought after a pause: 1 of 4 regretted (25%) · everything else: 30%');
    expect(screen.getByTestId('pauses-empty')).toBeTruthy();
  });

  it('decides: skipped, or bought as the offered purchase', async () => {
    answerWith([headphones]);
    api.answers['PATCH /api/pauses/3'] = { body: { ...headphones, status: 'decided', decision: 'skipped', match: null } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'That was it' }));
    await waitFor(() => expect(api.sent).toEqual([{ route: 'PATCH /api/pauses/3', body: { decision: 'bought', transaction_id: 41 } }]));
    fireEvent.click(screen.getByRole('button', { name: 'I skipped it' }));
    await waitFor(() => expect(api.sent[1]).toEqual({ route: 'PATCH /api/pauses/3', body: { decision: 'skipped' } }));
  });

  it('asks before removing a decided pause', async () => {
    answerWith([{ ...headphones, status: 'decided', decision: 'bought', decided_at: inDays(0), match: null }]);
    api.answers['DELETE /api/pauses/3'] = { status: 204, body: null };
    renderPage();
    const card = await screen.findByTestId('pause-card');
    expect(within(card).queryByRole('button', { name: 'I skipped it' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Remove headphones' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(api.sent).toEqual([{ route: 'DELETE /api/pauses/3', body: undefined }]));
  });
});
