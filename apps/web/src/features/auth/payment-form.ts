/** State and helpers shared by the registration form and the settings upgrade form. */
import type { FieldErrors } from '@mindspend/domain';

export interface PaymentValues {
  promo: boolean;
  code: string;
  first_name: string;
  last_name: string;
  card_number: string;
  card_csc: string;
  card_expiration: string;
  postal: string;
}

export const EMPTY_PAYMENT: PaymentValues = {
  promo: false,
  code: '',
  first_name: '',
  last_name: '',
  card_number: '',
  card_csc: '',
  card_expiration: '',
  postal: '',
};

/** Fields whose errors belong in the payment-error box (spec §8 "Card provider error"). */
export const PAYMENT_FIELDS = [
  'card_number',
  'card_csc',
  'card_expiration',
  'payment',
  'card',
  'stripe_token',
] as const;

/** Splits errors into the payment box's messages and the rest, first message of each field. */
export function splitPaymentErrors(errors: FieldErrors): { payment: string[]; other: FieldErrors } {
  const payment: string[] = [];
  const other: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    if ((PAYMENT_FIELDS as readonly string[]).includes(field)) payment.push(first);
    else other[field] = [first];
  }
  return { payment: [...new Set(payment)], other };
}

/** The payment part of a request body: card details, or only the promo code. */
export function paymentBody(values: PaymentValues): PaymentValues {
  if (values.promo) return { ...EMPTY_PAYMENT, promo: true, code: values.code.trim() };
  return { ...values, code: '', card_number: values.card_number.replace(/\s+/g, '') };
}

/** Stripe mode's payment part (DECISIONS.md #30): the holder's name and postal code, never card data. */
export function cardHolderBody(values: PaymentValues) {
  if (values.promo) return { promo: true, code: values.code.trim() };
  return {
    promo: false,
    code: '',
    first_name: values.first_name,
    last_name: values.last_name,
    postal: values.postal,
  };
}

/**
 * The client's check of a Stripe-mode body before the card is tokenized: every rule but the
 * token's, which does not exist yet (the shared rules then skip the card fields Stripe checks).
 */
export function checkBeforeTokenizing<T extends object>(
  body: T,
  validate: (body: T & { stripe_token: string }) => FieldErrors,
): FieldErrors {
  const { stripe_token: _pending, ...errors } = validate({ ...body, stripe_token: '' });
  return errors;
}

/** The payment-error box's lines: the form's card messages and what Stripe.js says while typing, once each. */
export function paymentBoxMessages(messages: string[], live: string | null): string[] {
  return [...new Set(live ? [...messages, live] : messages)];
}

/** Fields the payment form shows its own error under. */
export const PAYMENT_INLINE_FIELDS = ['first_name', 'last_name', 'postal', 'code'] as const;

/** First message of each field that has no input of its own to show it under. */
export function messagesOutside(errors: FieldErrors, inlineFields: readonly string[]): string[] {
  const rest = Object.entries(errors)
    .filter(([field]) => !inlineFields.includes(field))
    .map(([, messages]) => messages[0])
    .filter((message): message is string => typeof message === 'string');
  return [...new Set(rest)];
}
