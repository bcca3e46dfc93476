import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TogetherWire } from '@mindspend/api-contract';
import { memberNamer } from '../books/api';
import { TogetherSection } from './TogetherSection';

const sample: TogetherWire = {
  members: [
    { user_id: 7, first_name: 'Ana' },
    { user_id: 8, first_name: 'Ben' },
  ],
  compared: 5,
  totals: { all_amount: 120.5, all_count: 3, some_amount: 40, some_count: 1 },
  by_payee: [{ id: 3, name: 'Market', all_amount: 100, all_count: 2, some_amount: 40, some_count: 1 }],
  by_category: [{ id: null, name: 'Uncategorized', all_amount: 120.5, all_count: 3, some_amount: 40, some_count: 1 }],
};

const renderSection = (together: TogetherWire) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <TogetherSection together={together} nameOf={memberNamer(undefined, null)} />
      </MemoryRouter>
    </MantineProvider>,
  );

afterEach(cleanup);

describe('Insights → Together (issue 25)', () => {
  it('names the members counted, then the totals and a line per payee and category', () => {
    renderSection(sample);
    const section = screen.getByRole('region', { name: 'Together' });
    expect(section.textContent).toContain('Feelings of Ana and Ben. 5 purchases felt by at least two of you.');
    expect(within(section).getByTestId('together-totals').textContent).toBe(
      'All of you regretted: $120.50 in 3 purchasesOnly some of you regretted: $40.00 in 1 purchase',
    );
    const payees = within(section).getByRole('table', { name: 'Together by payee' });
    expect(within(payees).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'All regretted', 'Only some']);
    expect(within(payees).getAllByRole('row')[1]!.textContent).toBe('Market$100.00$40.00');
    const categories = within(section).getByRole('table', { name: 'Together by category' });
    expect(within(categories).getAllByRole('row')[1]!.textContent).toBe('Uncategorized$120.50$40.00');
    expect(within(section).queryByTestId('insight-empty')).toBeNull();
  });

  it('calls the person "you" and the others as Settings lists them, by e-mail when they gave no name', () => {
    const household = {
      id: 12,
      name: 'Household',
      role: 'owner' as const,
      personal: false, base_currency: 'USD',
      members: [
        { user_id: 7, first_name: 'Ana', last_name: null, email: 'ana@example.com', role: 'owner' as const, joined_at: '2026-01-01T00:00:00.000Z', share_feelings: true },
        { user_id: 8, first_name: null, last_name: null, email: 'ben@example.com', role: 'editor' as const, joined_at: '2026-01-02T00:00:00.000Z', share_feelings: true },
      ],
    };
    render(
      <MantineProvider>
        <MemoryRouter>
          <TogetherSection together={{ ...sample, members: [{ user_id: 7, first_name: 'Ana' }, { user_id: 8, first_name: null }] }} nameOf={memberNamer(household, 7)} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Together' }).textContent).toContain('Feelings of you and ben@example.com.');
  });

  it('explains when purchases appear while no purchase has two members’ feelings', () => {
    renderSection({
      ...sample,
      members: [{ user_id: 7, first_name: 'Ana' }],
      compared: 0,
      totals: { all_amount: 0, all_count: 0, some_amount: 0, some_count: 0 },
      by_payee: [],
      by_category: [],
    });
    const section = screen.getByRole('region', { name: 'Together' });
    expect(section.textContent).toContain('Only your own feelings count here');
    expect(within(section).getByTestId('insight-empty').textContent).toContain(
      'Purchases appear here once at least two members who share their feelings have recorded one.',
    );
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
