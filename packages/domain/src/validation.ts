/**
 * Validation rules of spec §5, shared by the server (422 answers) and the web forms, so the
 * screen and the API always give the same message for the same input.
 */
import { isValidCsc, isValidExpiry, passesLuhn } from './card';
import type { LocalDate } from './months';

/** Field name → messages, the `errors` object of a 422 answer (ARCHITECTURE.md convention 6). */
export type FieldErrors = Record<string, string[]>;

export const MESSAGES = {
  emailRequiredLogin: 'Email is required.',
  passwordRequiredLogin: 'Password is required.',
  emailRequiredReset: 'Please enter your email.',
  emailInvalid: 'Email is invalid.',
  passwordRule: 'The password must be 8 to 256 characters.',
  confirmationMismatch: 'Password confirmation does not match password.',
  firstNameInvalid: 'First name invalid.',
  lastNameInvalid: 'Last name invalid.',
  cardNumberInvalid: 'Card number invalid.',
  cardTokenInvalid: 'Your card could not be read; please enter it again.',
  cardCscInvalid: 'Security code must be 3 or 4 digits.',
  cardExpirationInvalid: 'Expiration date must be MM/YY and not in the past.',
  postalInvalid: 'Postal code must be at least 5 characters.',
  promoCodeInvalid: 'The promo code is not valid.',
  allFieldsRequired: 'All fields are required.',
  newPasswordMismatch: 'New password and confirmation do not match.',
  currentPasswordWrong: 'The current password is incorrect.',
  oneTimePasswordWrong: 'The code is incorrect or was already used.',
  twoFactorNotPending: 'Start turning on two-factor sign-in first.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorOff: 'Two-factor sign-in is not on.',
  passwordTooCommon: 'This password is too common. Choose another.',
  contactReasonRequired: 'The reason field is required.',
  contactBodyRequired: 'The message field is required.',
  loginFailed: 'These credentials do not match our records.',
  emailTaken: 'The email has already been taken.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
} as const;

/** `The password confirmation field is required.` for `password_confirmation`. */
export function requiredMessage(field: string): string {
  return `The ${field.replace(/_/g, ' ')} field is required.`;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A plausible e-mail address: something@domain.tld, no spaces, at most 254 characters as stored,
 * i.e. lowercased (a few letters, such as 'İ', grow when lowercased).
 */
export function isValidEmail(email: string): boolean {
  return email.toLowerCase().length <= 254 && EMAIL_PATTERN.test(email);
}

/** E-mail addresses compare without case or surrounding spaces: the form every address is stored in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The bounds of a new password, in characters (Unicode code points): DECISIONS.md #92. */
export const PASSWORD_MIN_CHARACTERS = 8;
export const PASSWORD_MAX_CHARACTERS = 256;

/**
 * DECISIONS.md #92 (NIST SP 800-63B): 8 to 256 characters of any kind, no composition rule. A
 * character is a code point, so an emoji (two UTF-16 units) counts once; the common-password
 * list, checked on the server, is what refuses `Password1`.
 */
export function isStrongPassword(password: string): boolean {
  const characters = [...password].length;
  return characters >= PASSWORD_MIN_CHARACTERS && characters <= PASSWORD_MAX_CHARACTERS;
}

/** Collects messages per field, keeping only the fields that have any. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  result(): FieldErrors {
    return this.errors;
  }
}

const blank = (value: string | undefined | null): boolean => !value || value.trim() === '';

export interface LoginInput {
  email?: string;
  password?: string;
}

/** Login: both fields required (spec §5). */
export function validateLogin(input: LoginInput): FieldErrors {
  const errors = new FieldErrorCollector();
  if (blank(input.email)) errors.add('email', MESSAGES.emailRequiredLogin);
  if (!input.password) errors.add('password', MESSAGES.passwordRequiredLogin);
  return errors.result();
}

/** Forgot password: the e-mail is required. */
export function validateForgotPassword(input: { email?: string }): FieldErrors {
  const errors = new FieldErrorCollector();
  if (blank(input.email)) errors.add('email', MESSAGES.emailRequiredReset);
  else if (!isValidEmail(input.email!.trim())) errors.add('email', MESSAGES.emailInvalid);
  return errors.result();
}

function checkNewPassword(
  errors: FieldErrorCollector,
  password: string | undefined,
  confirmation: string | undefined,
): void {
  if (!password) errors.add('password', requiredMessage('password'));
  else if (!isStrongPassword(password)) errors.add('password', MESSAGES.passwordRule);
  if (!confirmation) errors.add('password_confirmation', requiredMessage('password_confirmation'));
  else if (password && confirmation !== password) {
    errors.add('password_confirmation', MESSAGES.confirmationMismatch);
  }
}

export interface ResetPasswordInput {
  email?: string;
  password?: string;
  password_confirmation?: string;
  token?: string;
}

/** Reset password: e-mail, a strong password and its confirmation, and the link's token. */
export function validateResetPassword(input: ResetPasswordInput): FieldErrors {
  const errors = new FieldErrorCollector();
  if (blank(input.email)) errors.add('email', MESSAGES.emailRequiredReset);
  else if (!isValidEmail(input.email!.trim())) errors.add('email', MESSAGES.emailInvalid);
  checkNewPassword(errors, input.password, input.password_confirmation);
  if (blank(input.token)) errors.add('token', MESSAGES.resetTokenInvalid);
  return errors.result();
}

export interface RegistrationInput {
  plan?: string;
  promo?: boolean;
  code?: string;
  email?: string;
  password?: string;
  password_confirmation?: string;
  first_name?: string;
  last_name?: string;
  card_number?: string;
  card_csc?: string;
  card_expiration?: string;
  postal?: string;
  /** A card tokenized by Stripe.js: a PaymentMethod id, sent instead of the card fields (DECISIONS.md #30). */
  stripe_token?: string;
}

/** Stripe's PaymentMethod ids: `pm_` and letters, digits or underscores. */
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,250}$/;

/** True when the registration needs card details: paid plan without a promo code. */
export function needsCard(input: Pick<RegistrationInput, 'plan' | 'promo'>): boolean {
  return input.plan === 'budget_master' && !input.promo;
}

/** Registration rules of spec §5 with the password rule of DECISIONS.md #92. */
export function validateRegistration(input: RegistrationInput, today: LocalDate): FieldErrors {
  const errors = new FieldErrorCollector();
  if (blank(input.email)) errors.add('email', requiredMessage('email'));
  else if (!isValidEmail(input.email!.trim())) errors.add('email', MESSAGES.emailInvalid);
  checkNewPassword(errors, input.password, input.password_confirmation);

  if (input.plan === 'budget_master') checkPayment(errors, input, today);
  return errors.result();
}

export type PaymentInput = Pick<
  RegistrationInput,
  'promo' | 'code' | 'first_name' | 'last_name' | 'card_number' | 'card_csc' | 'card_expiration' | 'postal' | 'stripe_token'
>;

function checkPayment(errors: FieldErrorCollector, input: PaymentInput, today: LocalDate): void {
  if (input.promo) {
    if (blank(input.code)) errors.add('code', requiredMessage('code'));
    return;
  }
  if ((input.first_name ?? '').trim().length < 2) errors.add('first_name', MESSAGES.firstNameInvalid);
  if ((input.last_name ?? '').trim().length < 2) errors.add('last_name', MESSAGES.lastNameInvalid);
  if (input.stripe_token !== undefined) {
    // Tokenized by the card provider's script: the card itself was checked there, never sent here.
    if (!PAYMENT_METHOD_ID.test(input.stripe_token.trim())) errors.add('stripe_token', MESSAGES.cardTokenInvalid);
  } else {
    if (!passesLuhn(input.card_number ?? '')) errors.add('card_number', MESSAGES.cardNumberInvalid);
    if (!isValidCsc(input.card_csc ?? '')) errors.add('card_csc', MESSAGES.cardCscInvalid);
    if (!isValidExpiry(input.card_expiration ?? '', today)) {
      errors.add('card_expiration', MESSAGES.cardExpirationInvalid);
    }
  }
  if ((input.postal ?? '').trim().length < 5) errors.add('postal', MESSAGES.postalInvalid);
}

/** Paid-plan payment details (upgrade from Account Settings): a promo code or a valid card. */
export function validatePayment(input: PaymentInput, today: LocalDate): FieldErrors {
  const errors = new FieldErrorCollector();
  checkPayment(errors, input, today);
  return errors.result();
}

export interface ChangePasswordInput {
  current_password?: string;
  new_password?: string;
  new_password_confirmation?: string;
}

/**
 * Password change: all three fields, matching confirmation (spec §5). The strength rule is
 * checked too, because DECISIONS.md #92 applies it to every new password.
 */
export function validateChangePassword(input: ChangePasswordInput): FieldErrors {
  const errors = new FieldErrorCollector();
  if (!input.current_password || !input.new_password || !input.new_password_confirmation) {
    errors.add('password', MESSAGES.allFieldsRequired);
    return errors.result();
  }
  if (input.new_password !== input.new_password_confirmation) {
    errors.add('new_password_confirmation', MESSAGES.newPasswordMismatch);
  } else if (!isStrongPassword(input.new_password)) {
    errors.add('new_password', MESSAGES.passwordRule);
  }
  return errors.result();
}

/**
 * Contact form: reason and message are required. A visitor who is not signed in also gives an
 * e-mail address, so that support can answer; a signed-in user's own address is used instead.
 */
export function validateContact(
  input: { reason?: string; body?: string; email?: string },
  visitor = false,
): FieldErrors {
  const errors = new FieldErrorCollector();
  if (visitor) {
    if (blank(input.email)) errors.add('email', requiredMessage('email'));
    else if (!isValidEmail(input.email!.trim())) errors.add('email', MESSAGES.emailInvalid);
  }
  if (blank(input.reason)) errors.add('reason', MESSAGES.contactReasonRequired);
  if (blank(input.body)) errors.add('body', MESSAGES.contactBodyRequired);
  return errors.result();
}

/** True when a FieldErrors object holds no message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
