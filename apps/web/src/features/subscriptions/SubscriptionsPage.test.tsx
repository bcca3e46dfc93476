import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SUBSCRIPTION_NAME_REQUIRED, type DetectedSubscriptionWire } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { routeApiCalls } from '../../test/route-api';
import { subscriptionOf } from './fixtures';
import { SubscriptionsPage } from './SubscriptionsPage';

const api = routeApiCalls();

const notWorthIt = { still_worth_it: false, note: null, amount: 15.49, created_at: '2026-10-20T12:00:00.000Z' };

function answerWith(subscriptions: DetectedSubscriptionWire[], regretted = { count: 0, yearly_total: 0 }) {
  api.answers['GET /api/subscriptions'] = { body: { subscriptions, regretted } };
}

const renderPage = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/subscriptions']}>
          <SubscriptionsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('the subscriptions page (issue 31)', () => {
  it('explains what it looks for while nothing is found', async () => {
    answerWith([]);
    renderPage();
    expect((await screen.findByTestId('subscriptions-empty')).textContent).toContain('at least 3 charges at the same payee');
  });

  it('shows a subscription with its figures and price history, and asks the second look', async () => {
    answerWith([subscriptionOf()]);
    renderPage();
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByTestId('subscription-amount').textContent).toBe('$15.49');
    expect(within(card).getByText('Monthly')).toBeTruthy();
    expect(within(card).getByTestId('subscription-yearly').textContent).toBe('$185.88');
    expect(within(card).getByTestId('subscription-charges').textContent).toBe('5 charges');
    expect(within(card).getByTestId('subscription-history').textContent).toMatch(/^Price: \$13\.99 → \$15\.49 since Jul 15/);
    expect(screen.getByTestId('subscription-review-question').textContent).toBe('Still glad you pay $15.49 a month for StreamFlix?');
  });

  it('sends the answer with its note', async () => {
    answerWith([subscriptionOf()]);
    api.answers['POST /api/subscriptions/11/reviews'] = { status: 201, body: subscriptionOf({ review_due: false, latest_review: notWorthIt }) };
    renderPage();
    const review = await screen.findByTestId('subscription-review');
    fireEvent.change(within(review).getByLabelText('Note (optional)'), { target: { value: ' never watch it ' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Not worth it' }));
    await waitFor(() =>
      expect(api.sent).toEqual([{ route: 'POST /api/subscriptions/11/reviews', body: { still_worth_it: false, note: 'never watch it' } }]),
    );
  });

  it('lists the regretted ones with what they add up to a year', async () => {
    answerWith(
      [
        subscriptionOf({ review_due: false, latest_review: notWorthIt }),
        subscriptionOf({ id: 12, name: 'Gym', payee: 'Gym', amount: 15.51, yearly_cost: 186.12, review_due: false, latest_review: notWorthIt }),
      ],
      { count: 2, yearly_total: 372 },
    );
    renderPage();
    const regretted = await screen.findByTestId('subscriptions-regretted');
    expect(within(regretted).getAllByTestId('regretted-yearly').map((row) => row.textContent)).toEqual(['$185.88 a year', '$186.12 a year']);
    expect(within(regretted).getByTestId('regretted-total').textContent).toBe('These add up to $372.00 a year.');
    expect(screen.queryByTestId('subscription-review')).toBeNull();
  });

  it('confirms, dismisses, and brings a dismissed one back', async () => {
    answerWith([subscriptionOf({ review_due: false }), subscriptionOf({ id: 12, name: 'Gym', state: 'dismissed', review_due: false })]);
    api.answers['PATCH /api/subscriptions/11'] = { body: subscriptionOf() };
    api.answers['PATCH /api/subscriptions/12'] = { body: subscriptionOf({ id: 12 }) };
    renderPage();
    const card = await screen.findByTestId('subscription-card');
    fireEvent.click(within(card).getByRole('button', { name: "Yes, it's a subscription" }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    fireEvent.click(within(card).getByRole('button', { name: 'Not a subscription' }));
    await waitFor(() => expect(api.sent).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Show dismissed (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: Gym is a subscription after all' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { route: 'PATCH /api/subscriptions/11', body: { state: 'confirmed' } },
        { route: 'PATCH /api/subscriptions/11', body: { state: 'dismissed' } },
        { route: 'PATCH /api/subscriptions/12', body: { state: 'detected' } },
      ]),
    );
  });

  it("shows the server's word when a new name is empty", async () => {
    answerWith([subscriptionOf({ review_due: false })]);
    api.answers['PATCH /api/subscriptions/11'] = { status: 422, body: { message: 'Invalid input.', errors: { name: [SUBSCRIPTION_NAME_REQUIRED] } } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename StreamFlix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename subscription' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SUBSCRIPTION_NAME_REQUIRED)).toBeTruthy();
    expect(api.sent).toEqual([{ route: 'PATCH /api/subscriptions/11', body: { name: '' } }]);
  });
});
