import { describe, expect, it } from 'vitest';
import { localDate, MESSAGES, validatePayment } from '@mindspend/domain';
import { EMPTY_PAYMENT, cardHolderBody, checkBeforeTokenizing, paymentBoxMessages, splitPaymentErrors } from './payment-form';

const filled = {
  ...EMPTY_PAYMENT,
  first_name: 'Ada',
  last_name: 'Lovelace',
  card_number: '4242 4242 4242 4242',
  card_csc: '123',
  card_expiration: '12/30',
  postal: '97201',
};

describe('the Stripe-mode payment body (DECISIONS.md #30)', () => {
  it("carries the holder's name and postal code and no card field, even when the card fields hold something", () => {
    const body = cardHolderBody(filled);
    expect(body).toEqual({ promo: false, code: '', first_name: 'Ada', last_name: 'Lovelace', postal: '97201' });
    expect(JSON.stringify(body)).not.toContain('4242');
  });

  it('carries only the code with a promo code', () => {
    expect(cardHolderBody({ ...filled, promo: true, code: ' WELCOME100 ' })).toEqual({ promo: true, code: 'WELCOME100' });
  });

  it('checks everything but the token before tokenizing', () => {
    const today = localDate(new Date(), 0);
    const check = (values: typeof filled) =>
      checkBeforeTokenizing(cardHolderBody(values), (pending) => validatePayment(pending, today));
    expect(check(filled)).toEqual({});
    expect(check({ ...filled, first_name: 'A', postal: '1' })).toEqual({
      first_name: [MESSAGES.firstNameInvalid],
      postal: [MESSAGES.postalInvalid],
    });
  });

  it("puts a token's problem and Stripe.js's live message in the payment-error box, each once", () => {
    expect(splitPaymentErrors({ stripe_token: [MESSAGES.cardTokenInvalid] }).payment).toEqual([MESSAGES.cardTokenInvalid]);
    expect(paymentBoxMessages(['Your card was declined.'], 'Your card number is invalid.')).toEqual([
      'Your card was declined.',
      'Your card number is invalid.',
    ]);
    expect(paymentBoxMessages(['Your card number is invalid.'], 'Your card number is invalid.')).toEqual([
      'Your card number is invalid.',
    ]);
    expect(paymentBoxMessages([], null)).toEqual([]);
  });
});
