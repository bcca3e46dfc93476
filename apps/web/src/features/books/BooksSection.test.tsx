import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Book } from '@mindspend/api-contract';
import { chooseBook, chosenBookId } from '../../lib/book';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { BooksSection } from './BooksSection';

const ada = { user_id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', joined_at: '2026-01-01T00:00:00.000Z' };
const bob = { user_id: 8, first_name: null, last_name: null, email: 'bob@example.com', joined_at: '2026-02-01T00:00:00.000Z' };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, members: [{ ...ada, role: 'owner' }] };
const household: Book = {
  id: 12,
  name: 'Household',
  role: 'owner',
  personal: false,
  members: [
    { ...ada, role: 'owner' },
    { ...bob, role: 'editor' },
  ],
};
const club: Book = { id: 14, name: 'Book club', role: 'viewer', personal: false, members: [{ ...bob, role: 'owner' }, { ...ada, role: 'viewer' }] };

let books: Book[] = [];
let calls: string[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7 }), true);
  books = [personal, household, club];
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      calls.push(route);
      if (route === 'GET /api/books') return new Response(JSON.stringify({ books }), { status: 200 });
      const answer = answers[route] ?? { status: 500, body: { message: 'unexpected' } };
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), { status: answer.status });
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
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/settings']}>
          <BooksSection userId={7} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

const card = (name: string) => screen.getByRole('region', { name: `Book ${name}` });

describe('Settings → Books', () => {
  it('lists the books with their members and roles; only an owned shared book offers delete', async () => {
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });

    const own = card('Personal');
    expect(within(own).getByText('Current book')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Rename Personal' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /Delete/ })).toBeNull();

    const shared = card('Household');
    const members = within(within(shared).getByRole('list', { name: 'Members of Household' })).getAllByRole('listitem');
    expect(members.map((item) => item.textContent)).toEqual(['Ada Lovelace (you)ada@example.comOwner', 'bob@example.comEditor']);
    expect(within(shared).getByRole('button', { name: 'Delete Household' })).toBeTruthy();

    const viewed = card('Book club');
    expect(within(viewed).getByText('Your role: Viewer')).toBeTruthy();
    expect(within(viewed).queryByRole('button', { name: /Rename|Delete/ })).toBeNull();
  });

  it('shows the server’s 422 message at the name field when a book cannot be created', async () => {
    answers['POST /api/books'] = {
      status: 422,
      body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
    };
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });
    fireEvent.click(screen.getByRole('button', { name: 'Create book' }));
    const field = screen.getByLabelText('New shared book');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The name field is required.')).toBeTruthy();
  });

  it('asks before deleting, says everything in the book goes, and goes back to the personal book', async () => {
    chooseBook(12);
    answers['DELETE /api/books/12'] = { status: 204, body: null };
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });
    expect(within(card('Household')).getByText('Current book')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Household' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Household”?' });
    expect(dialog.textContent).toContain('Everything in this book is deleted with it');
    expect(dialog.textContent).toContain('for you and the other member');
    expect(dialog.textContent).toContain('You will be back in your personal book.');
    expect(calls).not.toContain('DELETE /api/books/12');

    books = [personal, club];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete book' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Book Household' })).toBeNull());
    expect(calls).toContain('DELETE /api/books/12');
    expect(chosenBookId()).toBeNull();
  });
});
