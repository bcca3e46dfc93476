/** A detected subscription as the API answers it, for this folder's tests. */
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';

export function subscriptionOf(overrides: Partial<DetectedSubscriptionWire> = {}): DetectedSubscriptionWire {
  return {
    id: 11,
    entity_id: 4,
    payee: 'StreamFlix',
    name: 'StreamFlix',
    cadence: 'monthly',
    amount: 15.49,
    yearly_cost: 185.88,
    first_charge: '2026-03-15',
    last_charge: '2026-07-15',
    next_charge: '2026-08-15',
    charges: 5,
    price_history: [
      { date: '2026-03-15', amount: 13.99 },
      { date: '2026-07-15', amount: 15.49 },
    ],
    status: 'active',
    state: 'detected',
    review_due: true,
    review_question: 'Still glad you pay $15.49 a month for StreamFlix?',
    latest_review: null,
    ...overrides,
  };
}
