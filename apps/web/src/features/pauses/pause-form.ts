/**
 * The pause form's values (issue 31) and how they become POST /pauses: the payee is one of the
 * book's or a name typed freely, the amount is free text until sent (read the person's way, in the
 * book's currency), and the cooling-off is left empty to take the server's suggestion.
 */
import { COOLING_OFF_RULE, PAUSE_AMOUNT_REQUIRED, PAUSE_PAYEE_REQUIRED, type CreatePauseBody } from '@mindspend/api-contract';
import { MAX_COOLING_OFF_DAYS, MIN_COOLING_OFF_DAYS, type CurrencyCode, type PaymentMethod } from '@mindspend/domain';
import { amountProblem, parseAmountText } from '../../lib/amount-text';
import type { FieldErrorMap } from '../../lib/errors';
import type { PausePrefill } from './pause-prefill';

export interface PauseFormValues {
  /** The payee as typed; '' while a prefilled payee is shown by its name. */
  payee: string;
  /** The book's payee the typed name is (or the prefill chose); null for a new name. */
  entityId: number | null;
  amount: string;
  categoryId: number | null;
  subcategoryId: number | null;
  paymentMethod: PaymentMethod | null;
  note: string;
  /** '' takes the suggested cooling-off. */
  coolingOffDays: number | '';
}

export type PauseFormErrors = Partial<Record<'payee' | 'amount' | 'subcategory' | 'paymentMethod' | 'note' | 'coolingOffDays', string>>;

interface NamedEntity {
  id: number;
  name: string;
}

export function emptyPauseForm(prefill: PausePrefill | null = null): PauseFormValues {
  return {
    payee: '',
    entityId: prefill?.entityId ?? null,
    amount: prefill?.amount ?? '',
    categoryId: prefill?.categoryId ?? null,
    subcategoryId: prefill?.subcategoryId ?? null,
    paymentMethod: prefill?.paymentMethod ?? null,
    note: prefill?.note ?? '',
    coolingOffDays: '',
  };
}

/** What the payee box shows: the typed text, else the chosen payee's name once the payees are known. */
export function payeeText(values: Pick<PauseFormValues, 'payee' | 'entityId'>, entities: readonly NamedEntity[]): string {
  if (values.payee !== '' || values.entityId === null) return values.payee;
  return entities.find((entity) => entity.id === values.entityId)?.name ?? '';
}

/** Typing in the payee box: a name the book already has (any case) chooses that payee. */
export function withPayeeTyped(values: PauseFormValues, typed: string, entities: readonly NamedEntity[]): PauseFormValues {
  const wanted = typed.trim().toLowerCase();
  const entity = wanted === '' ? undefined : entities.find((candidate) => candidate.name.trim().toLowerCase() === wanted);
  return { ...values, payee: typed, entityId: entity?.id ?? null };
}

/** What can be said before sending, with the contract's own messages where it has them. */
export function pauseFormErrors(values: PauseFormValues, locale: string, currency: CurrencyCode): PauseFormErrors {
  const errors: PauseFormErrors = {};
  if (values.entityId === null && values.payee.trim() === '') errors.payee = PAUSE_PAYEE_REQUIRED;
  const problem = amountProblem(values.amount, locale, currency);
  if (problem !== null) errors.amount = problem;
  else if (values.amount.trim() === '') errors.amount = PAUSE_AMOUNT_REQUIRED;
  const days = values.coolingOffDays;
  if (days !== '' && (!Number.isInteger(days) || days < MIN_COOLING_OFF_DAYS || days > MAX_COOLING_OFF_DAYS)) errors.coolingOffDays = COOLING_OFF_RULE;
  return errors;
}

/** The body of POST /pauses: the chosen payee by id, else the typed name; empty optional fields as null. */
export function pauseBodyOf(values: PauseFormValues, locale: string, currency: CurrencyCode): CreatePauseBody {
  const note = values.note.trim();
  return {
    ...(values.entityId === null ? { payee: values.payee.trim() } : { entity_id: values.entityId }),
    amount: parseAmountText(values.amount, locale, currency),
    subcategory_id: values.subcategoryId,
    payment_method: values.paymentMethod,
    note: note === '' ? null : note,
    cooling_off_days: values.coolingOffDays === '' ? null : values.coolingOffDays,
  };
}

/** A 422's field errors under the fields they belong to (the payee's two wire fields share one box). */
export function pauseFormErrorsFromApi(fields: FieldErrorMap): PauseFormErrors {
  const first = (...names: string[]) => names.map((name) => fields[name]?.[0]).find((message) => message !== undefined);
  const errors: PauseFormErrors = {
    payee: first('payee', 'entity_id'),
    amount: first('amount'),
    subcategory: first('subcategory_id'),
    paymentMethod: first('payment_method'),
    note: first('note'),
    coolingOffDays: first('cooling_off_days'),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}
