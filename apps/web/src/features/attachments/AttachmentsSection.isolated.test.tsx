import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ATTACHMENT_MESSAGES, type Attachment } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { fakeUploads } from '../../test/fake-uploads';
import { routeApiCalls } from '../../test/route-api';
import { AttachmentsSection } from './AttachmentsSection';

const api = routeApiCalls();
const uploads = fakeUploads();

const photo: Attachment = { id: 11, transaction_id: 5, file_name: 'receipt.jpg', media_type: 'image/jpeg', size_bytes: 204_800, created_at: '2026-11-20T10:00:00Z' };
const pdf: Attachment = { id: 12, transaction_id: 5, file_name: 'warranty.pdf', media_type: 'application/pdf', size_bytes: 3_000, created_at: '2026-11-20T10:01:00Z' };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-11');
  URL.revokeObjectURL = vi.fn();
});

const renderSection = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <AttachmentsSection transactionId={5} />
      </QueryClientProvider>
    </MantineProvider>,
  );

const picker = () => {
  const input = screen.getByTestId('attachments-section').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
};

describe('Edit Transaction’s attachments (issue 33, DECISIONS.md #114)', () => {
  it('shows a photo by its thumbnail fetched with the token, a PDF by its icon, and revokes the Blob URL when it goes', async () => {
    api.answers['GET /api/transactions/5/attachments'] = { body: { attachments: [photo, pdf] } };
    api.answers['GET /api/attachments/11/thumbnail'] = { body: {} };
    const view = renderSection();
    const thumbnail = await screen.findByRole('img', { name: 'Thumbnail of receipt.jpg' });
    expect(thumbnail.getAttribute('src')).toBe('blob:thumbnail-11');
    expect(screen.getByRole('img', { name: 'PDF document' })).toBeTruthy();
    expect(screen.getByText('PDF document · 3 KB')).toBeTruthy();
    expect(screen.getByText('Photo · 200 KB')).toBeTruthy();
    // Only the photo's thumbnail is asked for: a PDF shows its icon.
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched).toContain('/api/attachments/11/thumbnail');
    expect(fetched).not.toContain('/api/attachments/12/thumbnail');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:thumbnail-11');
  });

  it('uploads the chosen files as `file` parts and lists what the server answers', async () => {
    api.answers['GET /api/transactions/5/attachments'] = { body: { attachments: [] } };
    uploads.answers['POST /api/transactions/5/attachments'] = { status: 201, body: { attachments: [pdf] } };
    renderSection();
    await screen.findByText(/No receipts or documents yet/);
    expect(picker().accept).toContain('application/pdf');
    expect(picker().multiple).toBe(true);
    fireEvent.change(picker(), { target: { files: [new File(['%PDF-1.4'], 'warranty.pdf', { type: 'application/pdf' }), new File(['x'], 'b.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('button', { name: 'warranty.pdf' })).toBeTruthy();
    expect(uploads.sent).toEqual([
      { route: 'POST /api/transactions/5/attachments', files: [{ field: 'file', name: 'warranty.pdf' }, { field: 'file', name: 'b.png' }] },
    ]);
    expect(screen.getByRole('heading', { name: 'Attachments (1)' })).toBeTruthy();
  });

  it('says the server’s refusal in its words, a 413 as much as a 422', async () => {
    api.answers['GET /api/transactions/5/attachments'] = { body: { attachments: [] } };
    uploads.answers['POST /api/transactions/5/attachments'] = { status: 422, body: { message: ATTACHMENT_MESSAGES.unsupported } };
    renderSection();
    await screen.findByText(/No receipts or documents yet/);
    fireEvent.change(picker(), { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(ATTACHMENT_MESSAGES.unsupported);

    uploads.answers['POST /api/transactions/5/attachments'] = { status: 413, body: { message: 'A file may be at most 10 MB; nothing was attached.' } };
    fireEvent.change(picker(), { target: { files: [new File(['big'], 'huge.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A file may be at most 10 MB; nothing was attached.'));
  });

  it('removes a file only after the second question', async () => {
    api.answers['GET /api/transactions/5/attachments'] = { body: { attachments: [pdf] } };
    api.answers['DELETE /api/attachments/12'] = { status: 204, body: null };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove warranty.pdf' }));
    const question = screen.getByRole('alertdialog', { name: 'Confirm removal' });
    expect(question.textContent).toContain('Remove warranty.pdf? The file will be deleted.');
    expect(api.sent).toEqual([]);
    api.answers['GET /api/transactions/5/attachments'] = { body: { attachments: [] } };
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, remove' }));
    await screen.findByText(/No receipts or documents yet/);
    expect(api.sent.map((call) => call.route)).toEqual(['DELETE /api/attachments/12']);
  });
});
