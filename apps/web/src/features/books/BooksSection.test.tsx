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

const ada = { user_id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', joined_at: '2026-01-01T00:00:00.000Z', share_feelings: false };
const bob = { user_id: 8, first_name: null, last_name: null, email: 'bob@example.com', joined_at: '2026-02-01T00:00:00.000Z', share_feelings: false };
const personal: Book = { id: 3, name: 'Personal', role: 'owner', personal: true, base_currency: 'USD', members: [{ ...ada, role: 'owner' }] };
const household: Book = {
  id: 12,
  name: 'Household',
  role: 'owner',
  personal: false, base_currency: 'USD',
  members: [
    { ...ada, role: 'owner' },
    { ...bob, role: 'editor' },
  ],
};
const club: Book = { id: 14, name: 'Book club', role: 'viewer', personal: false, base_currency: 'USD', members: [{ ...bob, role: 'owner' }, { ...ada, role: 'viewer' }] };

let books: Book[] = [];
let calls: string[] = [];
let bodies: Record<string, unknown> = {};
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7 }), true);
  books = [personal, household, club];
  calls = [];
  bodies = {};
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      calls.push(route);
      if (typeof init.body === 'string') bodies[route] = JSON.parse(init.body);
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
    expect(members.map((item) => item.textContent)).toEqual(['Ada Lovelace (you)ada@example.comOwner', expect.stringMatching(/^bob@example\.com/)]);
    // The owner sets the other member's role, hands over or removes; never their own row.
    expect(within(members[0]!).queryByRole('combobox')).toBeNull();
    expect((within(members[1]!).getByRole('combobox', { name: 'Role of bob@example.com' }) as HTMLSelectElement).value).toBe('editor');
    expect(within(shared).getByRole('form', { name: 'Invite someone to Household' })).toBeTruthy();
    expect(within(own).queryByRole('form')).toBeNull();
    expect(within(shared).queryByRole('button', { name: /^Leave/ })).toBeNull();
    expect(within(shared).getByRole('button', { name: 'Delete Household' })).toBeTruthy();

    const viewed = card('Book club');
    expect(within(viewed).getByText('Your role: Viewer')).toBeTruthy();
    expect(within(viewed).queryByRole('button', { name: /Rename|Delete/ })).toBeNull();
    expect(within(viewed).queryByRole('form')).toBeNull();
    expect(within(viewed).queryByRole('combobox')).toBeNull();
    expect(within(viewed).getByRole('button', { name: 'Leave Book club' })).toBeTruthy();
  });

  it('invites by e-mail: the server’s 422 shows at the field, then the confirmation names the address', async () => {
    answers['POST /api/books/12/invitations'] = {
      status: 422,
      body: { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } },
    };
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });
    const form = within(card('Household')).getByRole('form', { name: 'Invite someone to Household' });
    fireEvent.change(within(form).getByLabelText('Invite by e-mail'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByLabelText('Invite by e-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('The email must be a valid email address.')).toBeTruthy();

    answers['POST /api/books/12/invitations'] = {
      status: 201,
      body: { id: 1, email: 'cy@example.com', role: 'viewer', expires_at: '2026-01-08T00:00:00.000Z' },
    };
    fireEvent.change(within(form).getByLabelText('Invite by e-mail'), { target: { value: ' cy@example.com ' } });
    fireEvent.change(within(form).getByLabelText('As'), { target: { value: 'viewer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Invitation sent to cy@example.com, valid for 7 days.')).toBeTruthy();
    expect(bodies['POST /api/books/12/invitations']).toEqual({ email: 'cy@example.com', role: 'viewer' });
  });

  it('changes a member’s role at once, and asks before handing the book over', async () => {
    answers['PATCH /api/books/12/members/8'] = { status: 200, body: { members: [] } };
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), { target: { value: 'viewer' } });
    await waitFor(() => expect(bodies['PATCH /api/books/12/members/8']).toEqual({ role: 'viewer' }));

    delete bodies['PATCH /api/books/12/members/8'];
    fireEvent.click(screen.getByRole('button', { name: 'Make bob@example.com the owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand “Household” over to bob@example.com?' });
    expect(dialog.textContent).toContain('bob@example.com becomes the owner of this book, and you an editor');
    expect(bodies['PATCH /api/books/12/members/8']).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(bodies['PATCH /api/books/12/members/8']).toEqual({ role: 'owner' }));
  });

  it('a member leaves after confirming, back to the personal book; the server’s refusal shows in the dialog', async () => {
    chooseBook(14);
    answers['DELETE /api/books/14/members/7'] = { status: 422, body: { message: 'Hand the book to another member first: a book always has an owner.' } };
    renderSection();
    await screen.findByRole('region', { name: 'Book Book club' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave Book club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave “Book club”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave book' }));
    expect(await within(dialog).findByText('Hand the book to another member first: a book always has an owner.')).toBeTruthy();

    answers['DELETE /api/books/14/members/7'] = { status: 204, body: null };
    books = [personal, household];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave book' }));
    await waitFor(() => expect(chosenBookId()).toBeNull());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Book Book club' })).toBeNull());
  });

  it('shares the caller’s own feelings in a shared book (any role), never in the personal one, and marks who shares', async () => {
    books = [personal, { ...household, members: [{ ...ada, role: 'owner' }, { ...bob, role: 'editor', share_feelings: true }] }, club];
    answers['PATCH /api/books/12/me'] = { status: 200, body: household };
    renderSection();
    await screen.findByRole('region', { name: 'Book Household' });
    const label = "Share my feelings with this book's members";
    expect(within(card('Personal')).queryByRole('switch')).toBeNull();
    expect(within(card('Book club')).getByRole('switch', { name: label })).toBeTruthy();

    const shared = card('Household');
    const members = within(within(shared).getByRole('list', { name: 'Members of Household' })).getAllByRole('listitem');
    expect(within(members[0]!).queryByText('Shares feelings')).toBeNull();
    expect(within(members[1]!).getByText('Shares feelings')).toBeTruthy();

    const toggle = within(shared).getByRole('switch', { name: label }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    books = [personal, { ...household, members: [{ ...ada, role: 'owner', share_feelings: true }, { ...bob, role: 'editor', share_feelings: true }] }, club];
    fireEvent.click(toggle);
    await waitFor(() => expect(bodies['PATCH /api/books/12/me']).toEqual({ share_feelings: true }));
    // The books are read again: the caller's row now says they share too, and the switch stays on.
    await waitFor(() => expect(within(card('Household')).getAllByText('Shares feelings')).toHaveLength(2));
    expect((within(card('Household')).getByRole('switch', { name: label }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows why the choice to share feelings was refused, and the switch springs back', async () => {
    answers['PATCH /api/books/14/me'] = { status: 404, body: { message: 'Book not found.' } };
    renderSection();
    await screen.findByRole('region', { name: 'Book Book club' });
    const toggle = within(card('Book club')).getByRole('switch', { name: "Share my feelings with this book's members" }) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await within(card('Book club')).findByText('Book not found.')).toBeTruthy();
    expect(bodies['PATCH /api/books/14/me']).toEqual({ share_feelings: true });
    expect(toggle.checked).toBe(false);
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
