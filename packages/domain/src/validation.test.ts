import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
  requiredMessage,
  validateChangePassword,
  validateContact,
  validateForgotPassword,
  validateLogin,
  validatePayment,
  validateRegistration,
  validateResetPassword,
} from './validation';

const today = { year: 2026, month: 11, day: 22 };
const goodCard = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  card_number: '4242 4242 4242 4242',
  card_csc: '123',
  card_expiration: '12/28',
  postal: '97201',
};
const account = { email: 'ada@example.com', password: 'Secret123', password_confirmation: 'Secret123' };

describe('password rule (DECISIONS.md #92)', () => {
  it('takes 8 to 256 characters and refuses 7 or 257', () => {
    expect(isStrongPassword('a'.repeat(8))).toBe(true);
    expect(isStrongPassword('a'.repeat(7))).toBe(false);
    expect(isStrongPassword('x'.repeat(256))).toBe(true);
    expect(isStrongPassword('x'.repeat(257))).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });

  it('asks for no digit, lowercase or uppercase letter, and allows spaces', () => {
    expect(isStrongPassword('correct horse battery staple 9')).toBe(true);
    expect(isStrongPassword('secretsecret')).toBe(true);
    expect(isStrongPassword('SECRETSECRET')).toBe(true);
    expect(isStrongPassword('12345678')).toBe(true);
    expect(isStrongPassword('        ')).toBe(true);
  });

  it('counts characters (code points), not UTF-16 units: an emoji is one', () => {
    // '🔑' is two UTF-16 units: 7 of them are 14 units but 7 characters, one short of 8.
    expect('🔑'.length).toBe(2);
    expect(isStrongPassword('🔑'.repeat(7))).toBe(false);
    expect(isStrongPassword('🔑'.repeat(8))).toBe(true);
    // 256 emoji are 512 units and still allowed; 257 are one character too many.
    expect(isStrongPassword('🔑'.repeat(256))).toBe(true);
    expect(isStrongPassword('🔑'.repeat(257))).toBe(false);
    expect(isStrongPassword(`${'a'.repeat(255)}🔑`)).toBe(true);
  });

  it('says the rule in one sentence', () => {
    expect(MESSAGES.passwordRule).toBe('The password must be 8 to 256 characters.');
    expect(validateResetPassword({ email: 'a@b.co', token: 't', password: 'short', password_confirmation: 'short' }).password).toEqual([
      MESSAGES.passwordRule,
    ]);
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses and refuses ones without a domain', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidEmail('ada example@x.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.co`)).toBe(false);
  });
});

describe('login and reset forms', () => {
  it('asks for both login fields with the spec messages', () => {
    expect(validateLogin({})).toEqual({
      email: [MESSAGES.emailRequiredLogin],
      password: [MESSAGES.passwordRequiredLogin],
    });
    expect(MESSAGES.emailRequiredLogin).toBe('Email is required.');
    expect(MESSAGES.passwordRequiredLogin).toBe('Password is required.');
  });

  it("asks 'Please enter your email.' on forgot and reset password", () => {
    expect(validateForgotPassword({ email: '  ' })).toEqual({ email: ['Please enter your email.'] });
    expect(validateResetPassword({ ...account, token: 't' , email: '' }).email).toEqual(['Please enter your email.']);
  });

  it('refuses a reset without a token or with a weak password', () => {
    const errors = validateResetPassword({ email: 'a@b.co', password: 'weak', password_confirmation: 'weak' });
    expect(errors.token).toEqual([MESSAGES.resetTokenInvalid]);
    expect(errors.password).toEqual([MESSAGES.passwordRule]);
  });
});

describe('registration', () => {
  it('passes a complete free sign-up', () => {
    expect(validateRegistration({ plan: 'free', ...account }, today)).toEqual({});
  });

  it("names each empty field 'The {field} field is required.'", () => {
    expect(validateRegistration({ plan: 'free' }, today)).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
    });
    expect(requiredMessage('card_number')).toBe('The card number field is required.');
  });

  it('reports an invalid e-mail and a confirmation that does not match', () => {
    const errors = validateRegistration({ ...account, email: 'nope', password_confirmation: 'Secret124' }, today);
    expect(errors.email?.[0]).toContain('is invalid.');
    expect(errors.password_confirmation?.[0]).toContain('does not match password.');
  });

  it('checks every card field on the paid plan without promo', () => {
    const errors = validateRegistration(
      { plan: 'budget_master', ...account, first_name: 'A', last_name: 'B', card_number: '4242424242424241', card_csc: '12', card_expiration: '10/26', postal: '9720' },
      today,
    );
    expect(errors).toEqual({
      first_name: ['First name invalid.'],
      last_name: ['Last name invalid.'],
      card_number: [MESSAGES.cardNumberInvalid],
      card_csc: [MESSAGES.cardCscInvalid],
      card_expiration: [MESSAGES.cardExpirationInvalid],
      postal: [MESSAGES.postalInvalid],
    });
    expect(validateRegistration({ plan: 'budget_master', ...account, ...goodCard }, today)).toEqual({});
  });

  it('skips the card with a promo code but needs the code', () => {
    expect(validateRegistration({ plan: 'budget_master', promo: true, code: 'WELCOME100', ...account }, today)).toEqual({});
    expect(validateRegistration({ plan: 'budget_master', promo: true, ...account }, today)).toEqual({
      code: ['The code field is required.'],
    });
  });

  it('ignores card fields on the free plan', () => {
    expect(validateRegistration({ plan: 'free', ...account, card_number: '1' }, today)).toEqual({});
  });

  it('takes a Stripe PaymentMethod id instead of the card fields, still checking the names and postal code', () => {
    const holder = { first_name: 'Ada', last_name: 'Lovelace', postal: '10001' };
    expect(validatePayment({ ...holder, stripe_token: 'pm_1PqR2sT3uV4w' }, today)).toEqual({});
    expect(validateRegistration({ plan: 'budget_master', ...account, ...holder, stripe_token: 'pm_fake1' }, today)).toEqual({});
    for (const bad of ['', 'tok_visa', 'pm_', 'pm_1 OR 1=1', '4242424242424242']) {
      expect(validatePayment({ ...holder, stripe_token: bad }, today)).toEqual({ stripe_token: [MESSAGES.cardTokenInvalid] });
    }
    expect(validatePayment({ first_name: 'A', postal: '1', stripe_token: 'pm_fake1' }, today)).toEqual({
      first_name: [MESSAGES.firstNameInvalid],
      last_name: [MESSAGES.lastNameInvalid],
      postal: [MESSAGES.postalInvalid],
    });
  });

  it('validates an upgrade payment the same way', () => {
    expect(validatePayment(goodCard, today)).toEqual({});
    expect(validatePayment({ ...goodCard, card_expiration: '10/26' }, today)).toEqual({
      card_expiration: [MESSAGES.cardExpirationInvalid],
    });
  });
});

describe('password change', () => {
  it("asks for all three fields with 'All fields are required.'", () => {
    expect(validateChangePassword({ current_password: 'x', new_password: 'Secret123' })).toEqual({
      password: ['All fields are required.'],
    });
  });

  it('refuses a confirmation that does not match, then a weak new password', () => {
    expect(
      validateChangePassword({ current_password: 'x', new_password: 'Secret123', new_password_confirmation: 'Secret124' }),
    ).toEqual({ new_password_confirmation: ['New password and confirmation do not match.'] });
    expect(
      validateChangePassword({ current_password: 'x', new_password: 'weak', new_password_confirmation: 'weak' }),
    ).toEqual({ new_password: [MESSAGES.passwordRule] });
  });
});

describe('contact form', () => {
  it('needs a reason and a message', () => {
    expect(validateContact({ reason: '', body: ' ' })).toEqual({
      reason: ['The reason field is required.'],
      body: ['The message field is required.'],
    });
  });

  it('needs a valid reply address only from visitors who are not signed in', () => {
    expect(validateContact({ reason: 'general', body: 'Hi' })).toEqual({});
    expect(validateContact({ reason: 'general', body: 'Hi' }, true)).toEqual({ email: ['The email field is required.'] });
    expect(validateContact({ reason: 'general', body: 'Hi', email: 'x' }, true)).toEqual({ email: [MESSAGES.emailInvalid] });
  });
});

describe('normalizeEmail', () => {
  it('compares addresses without case or surrounding spaces', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
    expect(normalizeEmail(normalizeEmail(' A@B.co '))).toBe(normalizeEmail(' A@B.co '));
  });
});
