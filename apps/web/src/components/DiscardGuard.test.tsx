import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider, Modal, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DateField } from './DateField';
import { isChanged, useDiscardGuard } from './DiscardGuard';

/** A modal form as the app has them: a note and a date, closed by Escape. */
function NoteModal({ onClosed }: { onClosed: () => void }) {
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  const { requestClose, confirm } = useDiscardGuard(isChanged({ note, date }, { note: '', date: '' }), close, 'Discard this note?');
  return (
    <Modal opened={open} onClose={requestClose} title="New note">
      {confirm}
      <TextInput label="Note" value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <DateField label="Date" value={date} onChange={setDate} />
    </Modal>
  );
}

afterEach(cleanup);

const escape = () => fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'Escape' });

describe('closing a form with typed values (issue 36)', () => {
  it('closes at once when nothing was typed', async () => {
    let closed = 0;
    render(<NoteModal onClosed={() => (closed += 1)} />, { wrapper: MantineProvider });
    await screen.findByLabelText('Note');
    escape();
    expect(closed).toBe(1);
  });

  it('asks before dropping what was typed, and keeps it when the person says so', async () => {
    let closed = 0;
    render(<NoteModal onClosed={() => (closed += 1)} />, { wrapper: MantineProvider });
    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Groceries for the week' } });
    escape();
    expect(await screen.findByText('Discard this note?')).toBeTruthy();
    expect(closed).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard this note?')).toBeNull());
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Groceries for the week');
    escape();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(closed).toBe(1);
  });

  it("leaves Escape to an open calendar: the date field marks itself while its calendar shows", async () => {
    let closed = 0;
    render(<NoteModal onClosed={() => (closed += 1)} />, { wrapper: MantineProvider });
    const date = await screen.findByLabelText('Date');
    expect(date.getAttribute('data-mantine-stop-propagation')).toBeNull();
    fireEvent.click(date);
    await waitFor(() => expect(date.getAttribute('data-mantine-stop-propagation')).toBe('true'));
    fireEvent.keyDown(date, { key: 'Escape' });
    await waitFor(() => expect(date.getAttribute('data-mantine-stop-propagation')).toBeNull());
    // The calendar closed; the form did not.
    expect(closed).toBe(0);
    fireEvent.keyDown(date, { key: 'Escape' });
    expect(closed).toBe(1);
  });
});

describe('isChanged', () => {
  it('compares plain form values', () => {
    expect(isChanged({ a: '1', b: [1] }, { a: '1', b: [1] })).toBe(false);
    expect(isChanged({ a: '1', b: [1] }, { a: '1', b: [2] })).toBe(true);
  });
});
