/** A pause on the wire (issue 31): its status on the person's clock, its forecast as given, and the offered match. */
import { type Pause, type PauseForecast, pauseForecastSchema } from '@mindspend/api-contract';
import { type PauseForecast as DomainForecast, PAYMENT_METHOD_VALUES, fromCents } from '@mindspend/domain';
import type { PauseRow } from '../../db/pause-schema';
import type { RecordedPurchase } from './pauses.repo';

/** The domain's forecast as the contract writes it (and as the row keeps it). */
export function wireForecast(forecast: DomainForecast): PauseForecast {
  return {
    enough: forecast.enough,
    regret_rate: forecast.regretRate,
    similar: forecast.similar,
    regretted: forecast.regretted,
    soured: forecast.soured,
    needed: forecast.needed,
    basis: forecast.basis.map((line) => ({ ...line })),
  };
}

const isPaymentMethod = (value: string | null): value is (typeof PAYMENT_METHOD_VALUES)[number] =>
  value !== null && (PAYMENT_METHOD_VALUES as readonly string[]).includes(value);
const isDecision = (value: string | null): value is 'skipped' | 'bought' => value === 'skipped' || value === 'bought';

/** Waiting until the cooling-off ends, then due for a decision, then decided. */
function statusOf(row: PauseRow, now: string): Pause['status'] {
  if (isDecision(row.decision)) return 'decided';
  return row.remind_at <= now ? 'reminder_due' : 'waiting';
}

export function presentPause(row: PauseRow, subcategory: string | null, match: RecordedPurchase | null, now: string): Pause {
  return {
    id: row.id,
    payee: row.payee,
    entity_id: row.entity_id,
    subcategory_id: row.subcategory_id,
    subcategory,
    amount: fromCents(row.amount_cents),
    payment_method: isPaymentMethod(row.payment_method) ? row.payment_method : null,
    note: row.note,
    created_at: row.created_at,
    cooling_off_days: row.cooling_off_days,
    remind_at: row.remind_at,
    status: statusOf(row, now),
    decision: isDecision(row.decision) ? row.decision : null,
    decided_at: row.decided_at,
    transaction_id: row.transaction_id,
    // Written by this module from the same schema; parsed so a row never answers another shape.
    forecast: pauseForecastSchema.parse(JSON.parse(row.forecast)),
    match: match && { transaction_id: match.id, date: match.date, amount: fromCents(match.amountCents), payee: match.payee },
  };
}
