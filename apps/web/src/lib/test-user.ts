import type { User } from '@mindspend/api-contract';

/** A user record as the API returns it, for unit tests. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.com',
    first_name: null,
    last_name: null,
    plan: 'free',
    stripe_id: null,
    is_paid: false,
    finished_budget_suggestions: 0,
    time_zone: 'UTC',
    timezone: 0,
    second_look_days: 7,
    reflection_email: false,
    created_at: '2026-01-01T00:00:00.000Z',
    two_factor_enabled: false,
    has_password: true,
    ...overrides,
  };
}
