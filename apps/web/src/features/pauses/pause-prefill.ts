/**
 * What the Add Transaction form hands to the pause form when the person decides to pause the
 * purchase instead ("Not sure yet? Pause it instead"): carried in the router's location state, so
 * the transaction form needs no import of the pause form, only this shape.
 */
import { PAYMENT_METHOD_VALUES, type PaymentMethod } from '@mindspend/domain';

export interface PausePrefill {
  entityId: number | null;
  /** The amount as typed (the book's currency and the person's number format). */
  amount: string;
  categoryId: number | null;
  subcategoryId: number | null;
  paymentMethod: PaymentMethod | null;
  note: string;
}

/** The key of the location state that carries a prefill. */
export const PAUSE_PREFILL_STATE = 'pausePrefill';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const idOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
const textOr = (value: unknown): string => (typeof value === 'string' ? value : '');
const methodOrNull = (value: unknown): PaymentMethod | null =>
  (PAYMENT_METHOD_VALUES as readonly unknown[]).includes(value) ? (value as PaymentMethod) : null;

/**
 * The prefill in a location state, or null. The state survives a reload in the browser's history,
 * so it is read as untrusted: anything of the wrong shape is dropped rather than shown.
 */
export function pausePrefillOf(state: unknown): PausePrefill | null {
  if (!isRecord(state)) return null;
  const prefill = state[PAUSE_PREFILL_STATE];
  if (!isRecord(prefill)) return null;
  return {
    entityId: idOrNull(prefill.entityId),
    amount: textOr(prefill.amount),
    categoryId: idOrNull(prefill.categoryId),
    subcategoryId: idOrNull(prefill.subcategoryId),
    paymentMethod: methodOrNull(prefill.paymentMethod),
    note: textOr(prefill.note),
  };
}

/** The location state that carries `prefill` to the pause form. */
export const pausePrefillState = (prefill: PausePrefill) => ({ [PAUSE_PREFILL_STATE]: prefill });
