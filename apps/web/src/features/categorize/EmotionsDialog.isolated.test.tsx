import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Transaction } from '@mindspend/api-contract';
import { EmotionsDialog } from './EmotionsDialog';

const update = vi.hoisted(() => vi.fn<(id: number, body: unknown) => Promise<unknown>>());
const suggestion = vi.hoisted(() => vi.fn<() => { data: unknown }>(() => ({ data: undefined })));
vi.mock('../transactions/api', () => ({ updateTransaction: update, useFeelingSuggestion: suggestion }));

function tx(id: number, name: string, amount: number): Transaction {
  return {
    id, account_id: 1, amount, type: 'expense', entity: { id, name, name_short: name }, entity_id: id, payee: null, description: null,
    notes: null, payment_method: null, purpose: null, emotions: [], emotion_names: [], second_feeling: null, feelings_by_member: [], date: '2026-10-05', date_short: '10/05/2026',
    date_js: '2026-10-05T12:00:00', day_of_week: 'Monday', date_month: 10, date_day: 5, credit_amount: amount, debit_amount: null,
    absolute_value_amount: amount, pending: 0, transaction_category_id: null, subcategories: [], transfer_id: null, transfer_account: null,
    currency: 'USD', base_amount: amount, fx_rate: null, fx_date: null,
  };
}

afterEach(() => {
  cleanup();
  update.mockReset();
  suggestion.mockReset();
  suggestion.mockImplementation(() => ({ data: undefined }));
  vi.unstubAllGlobals();
});

describe('EmotionsDialog (spec §4 Emotions flow, §8)', () => {
  it('one feeling per step, Save disabled with none, the failure alert keeps the step, then All Done', async () => {
    const alert = vi.fn<(message?: string) => void>();
    vi.stubGlobal('alert', alert);
    const finished = vi.fn();
    const saved = vi.fn();
    render(<EmotionsDialog steps={[tx(1, 'Safeway', 20), tx(2, 'Shell', 5.5)]} onSaved={saved} onFinished={finished} onClose={() => undefined} />, {
      wrapper: MantineProvider,
    });
    expect(screen.getByTestId('flow-counter').textContent).toBe('1 of 2');
    expect(screen.getByTestId('flow-remaining').textContent).toBe('$25.50 remaining');
    const save = () => screen.getByRole('button', { name: 'Save & Next' });
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Felt good' }));
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Felt good' }));
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Regretted it' }));

    update.mockRejectedValueOnce(new Error('500'));
    fireEvent.click(save());
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error saving transaction. Please try again.'));
    expect(screen.getByTestId('flow-counter').textContent).toBe('1 of 2');
    expect(saved).not.toHaveBeenCalled();

    update.mockResolvedValue({});
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('flow-counter').textContent).toBe('2 of 2'));
    expect(update).toHaveBeenLastCalledWith(1, { type: 'expense', amount: 20, date: '2026-10-05', emotion_names: ['negative'] });
    expect(screen.getByTestId('flow-percent').textContent).toBe('50% done');
    // The new step starts with no feeling chosen.
    expect(screen.getByRole('button', { name: 'Save & Finish' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Mixed feelings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save & Finish' }));
    await waitFor(() => expect(screen.getByTestId('flow-done').textContent).toContain('All Emotions Added!'));
    expect(screen.getByText('All Done!')).toBeTruthy();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(saved.mock.calls).toEqual([[1], [2]]);
  });

  it('offers the usual feeling at the payee as a labelled suggestion, saved only after Use and Save', async () => {
    suggestion.mockImplementation(() => ({ data: { feeling: 'negative', purpose: 'optional', based_on: 6, source: 'payee' } }));
    update.mockResolvedValue({});
    render(<EmotionsDialog steps={[tx(1, 'Corner Bar', 20)]} onSaved={() => undefined} onFinished={() => undefined} onClose={() => undefined} />, {
      wrapper: MantineProvider,
    });
    const offer = screen.getByTestId('feeling-suggestion');
    expect(offer.textContent).toContain('Regretted it');
    // The Emotions flow sets a feeling only: the purpose is not offered here.
    expect(offer.textContent).not.toContain('Optional');
    expect(offer.textContent).toContain('Suggested from 6 past purchases at this payee');
    const save = screen.getByRole('button', { name: 'Save & Finish' });
    expect(save).toHaveProperty('disabled', true);
    expect(update).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use suggestion' }));
    expect(screen.getByRole('button', { name: 'Regretted it' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('feeling-suggestion')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(update).toHaveBeenCalledWith(1, expect.objectContaining({ emotion_names: ['negative'] })));
  });
});
