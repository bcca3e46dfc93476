import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Book, type Webhook, WEBHOOK_MESSAGES } from '@mindspend/api-contract';
import { chooseBook } from '../../lib/book';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { WebhooksSection } from './WebhooksSection';

const ada = { user_id: 7, first_name: 'Ada', last_name: null, email: 'ada@example.com', joined_at: '2026-01-01T00:00:00.000Z', share_feelings: false };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, base_currency: 'USD', members: [{ ...ada, role: 'owner' }] };
const turnedOff: Webhook = {
  id: 9,
  url: 'https://hooks.example.com/old',
  events: ['import.completed'],
  enabled: false,
  disabled_reason: 'Turned off after a delivery failed for a day.',
  created_at: '2026-11-01T10:00:00.000Z',
  last_delivery: { status: 'failed', created_at: '2026-11-02T10:00:00.000Z', response_status: 500 },
};

let books: Book[] = [];
let webhooks: Webhook[] = [];
let calls: { route: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7 }), true);
  books = [personal];
  webhooks = [turnedOff];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ route, body });
      if (route === 'GET /api/books') return new Response(JSON.stringify({ books }), { status: 200 });
      if (route === 'GET /api/webhooks') return new Response(JSON.stringify({ webhooks }), { status: 200 });
      if (route === 'POST /api/webhooks') {
        const created: Webhook = { ...turnedOff, id: 10, url: String(body?.url), events: body?.events as Webhook['events'], enabled: true, disabled_reason: null, last_delivery: null };
        webhooks = [...webhooks, created];
        return new Response(JSON.stringify({ ...created, secret: 'whsec_shown_once_0123456789' }), { status: 201 });
      }
      if (route === 'PATCH /api/webhooks/9') {
        webhooks = [{ ...turnedOff, enabled: true, disabled_reason: null }];
        return new Response(JSON.stringify(webhooks[0]), { status: 200 });
      }
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
        <WebhooksSection />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('Settings → Webhooks', () => {
  it('says why a webhook was turned off, and turns it back on', async () => {
    renderSection();
    const row = await screen.findByTestId('webhook-9');
    expect(within(row).getByTestId('webhook-disabled-reason').textContent).toBe('Turned off after a delivery failed for a day.');
    fireEvent.click(within(row).getByRole('switch', { name: 'Send events to https://hooks.example.com/old' }));
    await waitFor(() => expect(calls.find((call) => call.route === 'PATCH /api/webhooks/9')?.body).toEqual({ enabled: true }));
    await waitFor(() => expect(screen.queryByTestId('webhook-disabled-reason')).toBeNull());
  });

  it('refuses a form that cannot work before sending it, then shows the new secret once', async () => {
    renderSection();
    const form = await screen.findByTestId('webhook-form');
    for (const name of ['A transaction is added', 'A transaction is changed', 'A transaction is deleted']) {
      fireEvent.click(within(form).getByRole('checkbox', { name }));
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();
    expect(calls.some((call) => call.route === 'POST /api/webhooks')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Send events to'), { target: { value: 'https://hooks.example.com/new' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'A statement import finishes' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByTestId('new-webhook-value')).textContent).toBe('whsec_shown_once_0123456789');
    expect(calls.find((call) => call.route === 'POST /api/webhooks')?.body).toEqual({ url: 'https://hooks.example.com/new', events: ['import.completed'] });
    expect(await screen.findByText('https://hooks.example.com/new')).toBeTruthy();
  });

  it('is not there for a member who does not own the book', async () => {
    books = [{ ...personal, role: 'editor' }];
    renderSection();
    await waitFor(() => expect(calls.some((call) => call.route === 'GET /api/books')).toBe(true));
    expect(screen.queryByTestId('webhooks-section')).toBeNull();
    expect(calls.some((call) => call.route === 'GET /api/webhooks')).toBe(false);
  });
});
