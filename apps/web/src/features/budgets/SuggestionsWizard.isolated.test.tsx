import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BudgetSuggestion } from '@mindspend/api-contract';
import { SuggestionsWizard } from './SuggestionsWizard';

vi.mock('./api', () => ({
  createBudget: vi.fn(() => Promise.resolve({})),
  invalidateBudgets: vi.fn(() => Promise.resolve()),
}));

const suggestion = (name: string, dueInFull: 0 | 1, amount: number): BudgetSuggestion => ({
  transaction_subcategory_id: name.length,
  display_name: name,
  emoji: '💡',
  due_in_full: dueInFull,
  amount,
  start_day: dueInFull ? 10 : null,
  next_due_date: dueInFull ? '2026-12-10' : null,
  from_history: false,
});

function open(onClose = vi.fn(), onDontShowAgain = vi.fn()) {
  render(
    <SuggestionsWizard
      suggestions={[suggestion('Internet', 1, 65), suggestion('Groceries', 0, 600)]}
      month={{ year: 2026, month: 11 }}
      onClose={onClose}
      onDontShowAgain={onDontShowAgain}
    />,
    { wrapper: MantineProvider },
  );
  return { onClose, onDontShowAgain };
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(cleanup);

describe('suggestions wizard (spec §4)', () => {
  it('welcomes, then steps with n / total, labels by type, Back only after the first', () => {
    open();
    expect(screen.getByText('Budgeting 101')).toBeTruthy();
    fireEvent.click(button('Continue'));
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '65.00');
    expect(screen.getByText('Next due date: 12/10/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.click(button('Skip'));
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(screen.getByLabelText('Amount for the month')).toHaveProperty('value', '600.00');
    expect(button('Skip and Close')).toBeTruthy();
    expect(button('Save and Close')).toBeTruthy();
    fireEvent.click(button('Back'));
    expect(screen.getByText('1 / 2')).toBeTruthy();
  });

  it('disables Save at 0 and $0.00', () => {
    open();
    fireEvent.click(button('Continue'));
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '$0.00' } });
    expect(button('Save and Continue')).toHaveProperty('disabled', true);
    fireEvent.change(amount, { target: { value: '0' } });
    expect(button('Save and Continue')).toHaveProperty('disabled', true);
    fireEvent.change(amount, { target: { value: '70' } });
    expect(button('Save and Continue')).toHaveProperty('disabled', false);
  });

  it('saving the last one closes it; Skip and Close and Cancel close it too', async () => {
    const { onClose } = open();
    fireEvent.click(button('Continue'));
    fireEvent.click(button('Skip'));
    fireEvent.click(button('Save and Close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    fireEvent.click(button('Skip and Close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stops suggestions on Continue when "Do not show this again" is checked', () => {
    const { onDontShowAgain } = open();
    fireEvent.click(screen.getByLabelText('Do not show this again'));
    fireEvent.click(button('Continue'));
    expect(onDontShowAgain).toHaveBeenCalledTimes(1);
  });
});
