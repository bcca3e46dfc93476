import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RECEIPT_READ_FAILED, type ReceiptRead } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { account } from '../../test/account-fixture';
import { fakeUploads } from '../../test/fake-uploads';
import { routeApiCalls } from '../../test/route-api';
import { transaction } from '../../test/transaction-fixture';
import { CapturePage } from './CapturePage';
import { UNREAD_AMOUNT, UNREAD_MERCHANT } from './capture-form';

const api = routeApiCalls();

beforeAll(() => {
  // The notes box autosizes when fonts load; happy-dom has no document.fonts to listen to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  }
});
const uploads = fakeUploads();

const grocery = { id: 3, name: 'Corner Grocery', name_short: 'Corner', address_line1: null, address_line2: null, city: null, state: null, zipcode: null };
const readDone = (overrides: Partial<ReceiptRead> = {}): ReceiptRead => ({
  id: 9,
  status: 'done',
  transaction: { amount_cents: 1159, date: '2026-03-14', date_candidates: [], merchant: 'Corner Grocery' },
  matches: [{ transaction_id: 5, account_id: 1, payee: 'Corner Grocery', amount_cents: 1159, date: '2026-03-14', payee_similarity: 1 }],
  error: null,
  ...overrides,
});

function answerTheBook() {
  api.answers['GET /api/accounts'] = { body: [account({ id: 1, name: 'Everyday Checking' })] };
  api.answers['GET /api/transactions/entities'] = { body: [grocery] };
  api.answers['GET /api/transactions/categories/expenses'] = { body: [] };
}

const renderCapture = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/capture']}>
          <CapturePage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

/** Chooses a picture through the plain picker (not the camera's input). */
function choosePhoto() {
  const input = screen.getByTestId('capture-page').querySelector('input[type="file"]:not([capture])');
  if (!(input instanceof HTMLInputElement)) throw new Error('no picture input');
  fireEvent.change(input, { target: { files: [new File(['png'], 'receipt.png', { type: 'image/png' })] } });
}

describe('Scan a receipt (issue 33, DECISIONS.md #114)', () => {
  it('offers the camera, waits out a 202 by asking again, then attaches the photo to the match with the feeling chosen', async () => {
    answerTheBook();
    uploads.answers['POST /api/receipts'] = { status: 202, body: { ...readDone(), status: 'reading', transaction: null, matches: [] } };
    api.answers['GET /api/receipts/9'] = { body: readDone() };
    uploads.answers['POST /api/transactions/5/attachments'] = {
      status: 201,
      body: { attachments: [{ id: 40, transaction_id: 5, file_name: 'receipt.png', media_type: 'image/png', size_bytes: 900, created_at: '2026-03-14T12:00:00Z' }] },
    };
    api.answers['GET /api/transactions/5'] = { body: transaction({ id: 5, amount: 11.59, date: '2026-03-14' }) };
    api.answers['PUT /api/transactions/5'] = { body: transaction({ id: 5, amount: 11.59, emotion_names: ['negative'] }) };
    renderCapture();
    const camera = screen.getByTestId('capture-page').querySelector('input[capture]');
    expect(camera?.getAttribute('capture')).toBe('environment');
    expect(camera?.getAttribute('accept')).toBe('image/*');

    choosePhoto();
    expect(await screen.findByText('Reading the receipt…')).toBeTruthy();
    const match = await screen.findByRole('button', { name: 'Attach to Corner Grocery · $11.59 · Mar 14, 2026' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Create a new transaction' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regretted it' }));
    fireEvent.click(match);

    expect((await screen.findByTestId('capture-done')).textContent).toBe('Attached the photo to Corner Grocery · $11.59 · Mar 14, 2026.');
    expect(uploads.sent.map((upload) => upload.route)).toEqual(['POST /api/receipts', 'POST /api/transactions/5/attachments']);
    expect(uploads.sent[1]?.files).toEqual([{ field: 'file', name: 'receipt.png' }]);
    const put = api.sent.find((call) => call.route === 'PUT /api/transactions/5');
    expect(put?.body).toMatchObject({ amount: 11.59, date: '2026-03-14', emotion_names: ['negative'] });
    expect(api.sent.some((call) => call.route.startsWith('POST /api/accounts'))).toBe(false);
  });

  it('leaves what the receipt did not say empty and says so, then creates the purchase and attaches the photo to it', async () => {
    answerTheBook();
    uploads.answers['POST /api/receipts'] = {
      status: 200,
      body: readDone({ transaction: { amount_cents: null, date: '2026-03-14', date_candidates: [], merchant: null }, matches: [] }),
    };
    api.answers['POST /api/accounts/1/transactions'] = { status: 201, body: transaction({ id: 77, amount: 8.5, date: '2026-03-14' }) };
    uploads.answers['POST /api/transactions/77/attachments'] = { status: 201, body: { attachments: [] } };
    renderCapture();
    choosePhoto();

    expect((await screen.findByTestId('unread-fields')).textContent).toBe(UNREAD_AMOUNT);
    expect(screen.getByText(UNREAD_MERCHANT)).toBeTruthy();
    const amount = screen.getByLabelText('Amount');
    expect((amount as HTMLInputElement).value).toBe('');
    // No match: nothing to choose between, the new purchase's form is open.
    expect(screen.queryByRole('button', { name: /^Attach to/ })).toBeNull();
    fireEvent.change(amount, { target: { value: '8.50' } });
    fireEvent.change(screen.getByLabelText('Merchant'), { target: { value: 'Blue Door Cafe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and attach the photo' }));

    expect((await screen.findByTestId('capture-done')).textContent).toBe('Saved the purchase and attached the photo.');
    const created = api.sent.find((call) => call.route === 'POST /api/accounts/1/transactions');
    expect(created?.body).toMatchObject({ type: 'expense', amount: 8.5, date: '2026-03-14', description: 'Blue Door Cafe', entity_id: null });
    expect(uploads.sent.map((upload) => upload.route)).toEqual(['POST /api/receipts', 'POST /api/transactions/77/attachments']);
  });

  it('says a saved purchase whose photo was refused was saved, and why the photo was not attached', async () => {
    answerTheBook();
    uploads.answers['POST /api/receipts'] = { status: 200, body: readDone({ matches: [] }) };
    api.answers['POST /api/accounts/1/transactions'] = { status: 201, body: transaction({ id: 78, amount: 11.59 }) };
    uploads.answers['POST /api/transactions/78/attachments'] = { status: 413, body: { message: 'A file may be at most 10 MB; nothing was attached.' } };
    renderCapture();
    choosePhoto();
    fireEvent.click(await screen.findByRole('button', { name: 'Save and attach the photo' }));
    expect((await screen.findByTestId('capture-done')).textContent).toBe('The purchase was saved, but the photo was not attached.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('A file may be at most 10 MB; nothing was attached.');
    expect(screen.getByRole('link', { name: 'Open the purchase' }).getAttribute('href')).toBe('/ledger/edit-transaction/78');
  });

  it('stops a read that takes long and opens the form empty, keeping the photo to attach', async () => {
    answerTheBook();
    uploads.answers['POST /api/receipts'] = { status: 202, body: { ...readDone(), status: 'reading', transaction: null, matches: [] } };
    api.answers['GET /api/receipts/9'] = { body: { ...readDone(), status: 'reading', transaction: null, matches: [] } };
    renderCapture();
    choosePhoto();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop and type it in' }));
    expect(await screen.findByRole('button', { name: 'Save and attach the photo' })).toBeTruthy();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Reading the receipt…')).toBeNull();
    // The reading is not asked about any more once stopped.
    const asked = api.sent.length + vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/receipts/9').length;
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(api.sent.length + vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/receipts/9').length).toBe(asked);
  });

  it('says why a receipt could not be read and offers another photo', async () => {
    answerTheBook();
    uploads.answers['POST /api/receipts'] = { status: 200, body: readDone({ status: 'failed', transaction: null, matches: [], error: RECEIPT_READ_FAILED }) };
    renderCapture();
    choosePhoto();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RECEIPT_READ_FAILED));
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeTruthy();
  });
});
