import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Institution, InstitutionsResponse, Transaction } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { ConnectedInstitutionsPage } from './ConnectedInstitutionsPage';
import { openPlaidLink } from './plaid-link';

vi.mock('./plaid-link', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./plaid-link')>()),
  openPlaidLink: vi.fn(),
}));
const openLink = vi.mocked(openPlaidLink);

interface Answer {
  status: number;
  body?: unknown;
}
type Handler = (body: unknown) => Answer;
interface Call {
  route: string;
  body: unknown;
}

let routes: Record<string, Handler> = {};
let calls: Call[] = [];

/** fetch answering `${METHOD} ${path}` (path without /api) from `routes`, recording each call. */
function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route, body });
      const handler = routes[route];
      const answer = handler ? handler(body) : { status: 500, body: { message: `no route ${route}` } };
      return new Response(answer.status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

/** A whole uncategorized expense as the bank import answers it (checked against the contract in tests). */
const uncategorized = (id: number, date: string): Transaction => ({
  id, account_id: 4, amount: 12, type: 'expense', entity: null, entity_id: null, payee: null, description: null, notes: null,
  payment_method: null, purpose: null, emotions: [], emotion_names: [], second_feeling: null, feelings_by_member: [], date,
  date_short: date, date_js: `${date}T12:00:00`, day_of_week: 'Monday', date_month: Number(date.slice(5, 7)), date_day: Number(date.slice(8)),
  credit_amount: 12, debit_amount: null, absolute_value_amount: 12, pending: 0, transaction_category_id: null, subcategories: [],
  transfer_id: null, transfer_account: null, currency: 'USD', base_amount: 12, fx_rate: null, fx_date: null,
});

const bank = (overrides: Partial<Institution> = {}): Institution => ({
  id: 7,
  name: 'Chase',
  account_count: 2,
  status: 'connected',
  last_synced_at: '2026-11-20T15:30:00Z',
  provider: 'plaid',
  last_sync: null,
  next_sync_at: null,
  notices: [],
  consent_expires_at: null,
  ...overrides,
});

/** GET /institutions answers `list()` each time, so a test can change what a reload shows. */
function listing(configured: boolean, list: () => Institution[]) {
  routes['GET /institutions'] = (): Answer => ({
    status: 200,
    body: { provider_configured: configured, providers: configured ? ['plaid'] : [], institutions: list() } satisfies InstitutionsResponse,
  });
}

const called = (route: string) => calls.filter((call) => call.route === route);

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
}

const renderPage = () => render(<ConnectedInstitutionsPage />, { wrapper });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  routes = {};
  calls = [];
  queryClient.clear();
  stubApi();
});

afterEach(() => {
  cleanup();
  openLink.mockReset();
  vi.unstubAllGlobals();
});

describe('Connected Institutions (DECISIONS.md #8)', () => {
  it('without a provider, Connect explains how to bring transactions in instead', async () => {
    listing(false, () => []);
    renderPage();
    expect(await screen.findByTestId('institutions-empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import new transactions' })).toBeNull();
    fireEvent.click(button('Connect'));
    expect(screen.getByTestId('institutions-notice').textContent).toContain('CSV or OFX');
    expect(openLink).not.toHaveBeenCalled();
    expect(called('POST /institutions/link-token')).toHaveLength(0);
  });

  it('Connect runs Link, posts the public token and lists the new bank', async () => {
    let linked: Institution[] = [];
    listing(true, () => linked);
    routes['POST /institutions/link-token'] = () => ({ status: 200, body: { link_token: 'link-new' } });
    routes['POST /institutions'] = () => {
      linked = [bank({ name: 'Chase', last_synced_at: null })];
      return { status: 201, body: linked[0] };
    };
    openLink.mockResolvedValue({ publicToken: 'public-sandbox-9', institutionName: 'Chase' });
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.click(button('Connect'));
    expect((await screen.findByTestId('institutions-success')).textContent).toContain('Chase is connected');
    expect(openLink).toHaveBeenCalledWith('link-new');
    expect(called('POST /institutions/link-token')[0]?.body).toEqual({});
    expect(called('POST /institutions')[0]?.body).toEqual({ public_token: 'public-sandbox-9', institution_name: 'Chase' });
    const row = await screen.findByTestId('institution-row');
    expect(within(row).getByText('Chase')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
  });

  it('closing Link posts nothing; a script that cannot load says so', async () => {
    listing(true, () => []);
    routes['POST /institutions/link-token'] = () => ({ status: 200, body: { link_token: 'link-new' } });
    openLink.mockResolvedValueOnce(null);
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.click(button('Connect'));
    await waitFor(() => expect(openLink).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button('Connect')).toHaveProperty('disabled', false));
    expect(called('POST /institutions')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();

    const { PlaidLoadError, PLAID_LOAD_ERROR } = await vi.importActual<typeof import('./plaid-link')>('./plaid-link');
    openLink.mockRejectedValueOnce(new PlaidLoadError());
    fireEvent.click(button('Connect'));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAID_LOAD_ERROR);
  });

  it('a failed link token shows the spec §8 message', async () => {
    listing(true, () => []);
    routes['POST /institutions/link-token'] = () => ({ status: 502, body: { message: 'Plaid is down' } });
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.click(button('Connect'));
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error occurred.');
    expect(openLink).not.toHaveBeenCalled();
  });

  it('a relink_required row signs in again through Link in update mode', async () => {
    let status: Institution['status'] = 'relink_required';
    listing(true, () => [bank({ status })]);
    routes['POST /institutions/link-token'] = () => ({ status: 200, body: { link_token: 'link-update' } });
    routes['POST /institutions/7/relinked'] = () => {
      status = 'connected';
      return { status: 200, body: bank() };
    };
    openLink.mockResolvedValue({ publicToken: 'public-update', institutionName: 'Chase' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect((await screen.findByTestId('institutions-success')).textContent).toContain('Chase is connected again');
    expect(called('POST /institutions/link-token')[0]?.body).toEqual({ institution_id: 7 });
    expect(openLink).toHaveBeenCalledWith('link-update');
    expect(called('POST /institutions/7/relinked')).toHaveLength(1);
    expect(called('POST /institutions')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull());
    expect(screen.getByText('Connected')).toBeTruthy();
  });

  it('imports and links to categorizing the uncategorized ones', async () => {
    listing(true, () => [bank()]);
    routes['POST /transactions/import'] = () => ({
      status: 200,
      body: { imported: 3, uncategorizedTransactions: [{ account_id: 4, account_name: 'Checking', transactions: [uncategorized(1, '2026-10-30'), uncategorized(2, '2026-11-02')] }] },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Import new transactions' }));
    const result = await screen.findByTestId('bank-import-result');
    expect(result.textContent).toContain('Imported 3 new transactions');
    const link = within(result).getByRole('link', { name: 'Categorize 2 transactions in Checking' });
    expect(link.getAttribute('href')).toBe('/ledger/accounts/4/month/11/year/2026');
  });

  it('an import answering 403 shows its message and starts the re-link flow', async () => {
    listing(true, () => [bank({ status: 'relink_required' })]);
    const message = 'Chase needs you to sign in again.';
    routes['POST /transactions/import'] = () => ({ status: 403, body: { message, institution_id: 7 } });
    routes['POST /institutions/link-token'] = () => ({ status: 200, body: { link_token: 'link-update' } });
    let closeLink: (value: null) => void = () => undefined;
    openLink.mockImplementation(() => new Promise((resolve) => (closeLink = resolve)));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Import new transactions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await waitFor(() => expect(openLink).toHaveBeenCalledWith('link-update'));
    expect(called('POST /institutions/link-token')[0]?.body).toEqual({ institution_id: 7 });
    closeLink(null);
    await waitFor(() => expect(button('Import new transactions')).toHaveProperty('disabled', false));
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('Remove asks first, says the accounts and transactions stay, then removes', async () => {
    let list = [bank()];
    listing(true, () => list);
    routes['DELETE /institutions/7'] = () => {
      list = [];
      return { status: 204 };
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Chase' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('its accounts and their transactions stay');
    expect(called('DELETE /institutions/7')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    await screen.findByTestId('institutions-empty');
    expect(called('DELETE /institutions/7')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
