/** An account as `GET /api/accounts` sends it, for the web's unit tests. */
import type { Account } from '@mindspend/api-contract';

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Checking',
    account_type_id: 2,
    type: { id: 2, name: 'Checking' },
    subtype: null,
    most_recent_balance: { id: 1, current_balance: 1000, available_balance: 900, limit: 5000, date: '2026-10-31' },
    balance: [],
    private: false,
    currency: 'USD',
    created_at_js: '2026-10-31T00:00:00.000Z',
    ...overrides,
  };
}
