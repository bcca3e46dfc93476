/** The user as the API shows it: never the password hash. */
import type { User } from '@mindspend/api-contract';
import { utcOffsetHoursIn } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import { isUnusablePasswordHash } from '../../lib/passwords';

/**
 * `now` gives the `timezone` offset older clients read: the zone's offset at that moment, which
 * daylight saving time changes (DECISIONS.md #85).
 */
export function presentUser(row: UserRow, now: Date): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    plan: row.plan,
    stripe_id: row.stripe_id,
    is_paid: row.plan === 'budget_master',
    finished_budget_suggestions: row.finished_budget_suggestions,
    time_zone: row.time_zone,
    timezone: utcOffsetHoursIn(row.time_zone, now),
    second_look_days: row.second_look_days,
    reflection_email: row.reflection_email_since !== null,
    created_at: row.created_at,
    two_factor_enabled: row.two_factor_enabled_at !== null,
    has_password: !isUnusablePasswordHash(row.password_hash),
  };
}

/** E-mail addresses compare without case or surrounding spaces (the rule lives in the domain). */
export { normalizeEmail } from '@mindspend/domain';
