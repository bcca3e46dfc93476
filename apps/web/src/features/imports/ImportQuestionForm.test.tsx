import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ImportQuestionWire } from '@mindspend/api-contract';
import { ImportQuestionForm } from './ImportQuestionForm';

const question: ImportQuestionWire = {
  kind: 'sign',
  text: 'The amounts carry signs, but on 1 row the type says the opposite (line 3: "Charge From Debit Card" with +20.00). Which way do this file\'s amounts go?',
  suggested: 'negative-is-expense',
  options: [
    {
      value: 'negative-is-expense',
      label: 'Negative amounts are money out (expenses)',
      preview: [
        { line: 2, date: '2026-10-14', payee: 'Netflix', amount: 20, type: 'expense' },
        { line: 3, date: '2026-10-14', payee: '', amount: 20, type: 'income' },
      ],
    },
    {
      value: 'positive-is-expense',
      label: 'Positive amounts are money out (purchases, as on a card statement)',
      preview: [
        { line: 2, date: '2026-10-14', payee: 'Netflix', amount: 20, type: 'income' },
        { line: 3, date: '2026-10-14', payee: '', amount: 20, type: 'expense' },
      ],
    },
  ],
};

afterEach(cleanup);

const show = (onAnswer = vi.fn()) => {
  render(
    <MantineProvider>
      <ImportQuestionForm question={question} currency="USD" busy={false} onAnswer={onAnswer} />
    </MantineProvider>,
  );
  return onAnswer;
};

describe('ImportQuestionForm', () => {
  it('asks the question, says nothing is imported yet, and shows each answer\'s rows read its way', () => {
    show();
    expect(screen.getByText(/Which way do this file's amounts go\?/)).toBeTruthy();
    expect(screen.getByText(/Nothing has been imported yet/)).toBeTruthy();
    const bank = screen.getByTestId('import-answer-negative-is-expense');
    expect(within(bank).getByLabelText(/Negative amounts are money out \(expenses\) \(suggested\)/)).toHaveProperty('checked', true);
    expect(within(bank).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Line 22026-10-14Netflix-$20.00money out',
      'Line 32026-10-14(no payee)+$20.00money in',
    ]);
    const card = screen.getByTestId('import-answer-positive-is-expense');
    expect(within(card).getAllByRole('row')[0]?.textContent).toContain('+$20.00money in');
  });

  it('imports with the suggestion, or with the answer the person picks', () => {
    const onAnswer = show();
    fireEvent.click(screen.getByRole('button', { name: 'Import with this answer' }));
    expect(onAnswer).toHaveBeenLastCalledWith('negative-is-expense');
    fireEvent.click(screen.getByLabelText(/Positive amounts are money out/));
    fireEvent.click(screen.getByRole('button', { name: 'Import with this answer' }));
    expect(onAnswer).toHaveBeenLastCalledWith('positive-is-expense');
  });
});
