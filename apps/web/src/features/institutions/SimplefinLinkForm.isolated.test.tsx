/**
 * Connected Institutions with SimpleFIN (DECISIONS.md #106, #112): the setup-token form shows the
 * server's refusals in its words and keeps the token; a link shows its first sync's result; each
 * link shows its provider, last sync, next sync and notices; "Sync now" syncs that link alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Institution, InstitutionsResponse } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { ConnectedInstitutionsPage } from './ConnectedInstitutionsPage';

interface Answer {
  status: number;
  body?: unknown;
}
let routes: Record<string, (body: unknown) => Answer> = {};
let calls: { route: string; body: unknown }[] = [];

beforeEach(() => {
  routes = {};
  calls = [];
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route, body });
      const handler = routes[route];
      const answer = handler ? handler(body) : { status: 500, body: { message: `no route ${route}` } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const maple = (overrides: Partial<Institution> = {}): Institution => ({
  id: 3,
  name: 'Maple Credit Union',
  account_count: 2,
  status: 'connected',
  last_synced_at: '2026-11-20T12:00:00Z',
  provider: 'simplefin',
  last_sync: { at: '2026-11-20T12:00:00Z', added: 4, error: null },
  next_sync_at: '2026-11-20T18:00:00Z',
  notices: [],
  consent_expires_at: null,
  ...overrides,
});

function listing(list: () => Institution[]) {
  routes['GET /institutions'] = () => ({
    status: 200,
    body: { provider_configured: true, providers: ['simplefin'], institutions: list() } satisfies InstitutionsResponse,
  });
}

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
const linkButton = () => screen.getByRole('button', { name: 'Link with SimpleFIN' });
const tokenBox = () => screen.getByRole('textbox', { name: 'Setup token' });
const posted = () => calls.filter((call) => call.route === 'POST /institutions/simplefin');

describe('Link with SimpleFIN', () => {
  it.each([
    [400, 'This setup token was already used or has expired. Create a new setup token at the SimpleFIN Bridge and paste it here.'],
    [400, 'That is not a SimpleFIN setup token. Copy the whole setup token the SimpleFIN Bridge showed you (letters and digits, no spaces) and paste it here.'],
    [502, 'The bank connection service could not be reached. Please try again in a few minutes.'],
  ])('shows a %i answer in its own words and keeps the token to correct', async (status, message) => {
    listing(() => []);
    routes['POST /institutions/simplefin'] = () => ({ status, body: { message } });
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.change(tokenBox(), { target: { value: 'bm90LWEtdG9rZW4=' } });
    fireEvent.click(linkButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(posted()[0]?.body).toEqual({ setup_token: 'bm90LWEtdG9rZW4=' });
    expect(tokenBox()).toHaveProperty('value', 'bm90LWEtdG9rZW4=');
    expect(screen.queryByTestId('institutions-success')).toBeNull();
  });

  it('an answer the server never words (500) shows the §8 catch-all', async () => {
    listing(() => []);
    routes['POST /institutions/simplefin'] = () => ({ status: 500, body: { message: 'stack trace here' } });
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.change(tokenBox(), { target: { value: 'dG9rZW4=' } });
    fireEvent.click(linkButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Unexpected error occurred.');
  });

  it('says where to get a token, links, and shows the new link with its first sync', async () => {
    let list: Institution[] = [];
    listing(() => list);
    routes['POST /institutions/simplefin'] = () => {
      list = [maple()];
      return { status: 201, body: list[0] };
    };
    renderPage();
    await screen.findByTestId('institutions-empty');
    expect(screen.getByRole('link', { name: 'SimpleFIN Bridge' }).getAttribute('href')).toBe('https://beta-bridge.simplefin.org');
    // SimpleFIN alone: the spec's Connect stays, and points to the form below.
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByTestId('institutions-notice')).textContent).toContain('paste one into Link with SimpleFIN below');
    fireEvent.change(tokenBox(), { target: { value: 'aHR0cDovL2NsYWlt' } });
    fireEvent.click(linkButton());
    expect((await screen.findByTestId('institutions-success')).textContent).toContain(
      'Maple Credit Union is linked through SimpleFIN with 2 accounts. Its first sync added 4 transactions.',
    );
    const row = await screen.findByTestId('institution-row');
    expect(within(row).getByText('via SimpleFIN')).toBeTruthy();
    expect(within(row).getByTestId('last-sync-result').textContent).toMatch(/^Checked Nov 20, 2026, .+: 4 transactions added$/);
    expect(within(row).getByTestId('next-sync').textContent).toMatch(/^Next sync: Nov 20, 2026, /);
    expect(tokenBox()).toHaveProperty('value', '');
  });

  it('a first sync that failed is said so on success', async () => {
    let list: Institution[] = [];
    listing(() => list);
    const failed = maple({ last_synced_at: null, last_sync: { at: '2026-11-20T12:00:00Z', added: null, error: 'Maple Credit Union could not be reached to import transactions. Please try again later.' } });
    routes['POST /institutions/simplefin'] = () => {
      list = [failed];
      return { status: 201, body: failed };
    };
    renderPage();
    await screen.findByTestId('institutions-empty');
    fireEvent.change(tokenBox(), { target: { value: 'aHR0cDovL2NsYWlt' } });
    fireEvent.click(linkButton());
    expect((await screen.findByTestId('institutions-success')).textContent).toContain('Its first sync failed: Maple Credit Union could not be reached');
    const row = await screen.findByTestId('institution-row');
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByTestId('last-sync-result').textContent).toContain('Failed Nov 20, 2026');
  });
});

describe('each link on Connected Institutions', () => {
  it("shows the Bridge's notices, and Sync now syncs that link alone", async () => {
    let list = [maple({ notices: ['Maple Credit Union: connection needs attention at the Bridge.'] })];
    listing(() => list);
    routes['POST /transactions/import'] = () => {
      list = [maple({ last_sync: { at: '2026-11-20T13:00:00Z', added: 0, error: null } })];
      return { status: 200, body: { imported: 0, uncategorizedTransactions: [] } };
    };
    renderPage();
    const notices = await screen.findByTestId('institution-notices');
    expect(notices.textContent).toBe('Maple Credit Union: connection needs attention at the Bridge.');
    fireEvent.click(screen.getByRole('button', { name: 'Sync now: Maple Credit Union' }));
    expect((await screen.findByTestId('bank-import-result')).textContent).toContain('Imported 0 new transactions');
    expect(calls.filter((call) => call.route === 'POST /transactions/import').map((call) => call.body)).toEqual([{ institution_id: 3 }]);
    await waitFor(() => expect(screen.getByTestId('last-sync-result').textContent).toContain('nothing new'));
    expect(screen.queryByTestId('institution-notices')).toBeNull();
  });

  it('a SimpleFIN link needing a re-link says so, offers no Plaid sign-in and cannot be synced', async () => {
    listing(() => [maple({ status: 'relink_required', last_sync: { at: '2026-11-20T12:00:00Z', added: null, error: 'Re-link needed: SimpleFIN no longer gives access to this bank.' } })]);
    renderPage();
    const row = await screen.findByTestId('institution-row');
    expect(within(row).getByText('Re-link needed')).toBeTruthy();
    expect(within(row).getByText(/make a new setup token and link again/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Sync now: Maple Credit Union' })).toHaveProperty('disabled', true);
    expect(within(row).getByTestId('next-sync').textContent).toBe('Next sync: after you link it again');
  });
});
