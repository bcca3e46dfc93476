import { describe, expect, it } from 'vitest';
import { formatCardNumberInput, formatCscInput, formatExpiryInput, isValidCsc, isValidExpiry, passesLuhn } from './card';

const today = { year: 2026, month: 11, day: 22 };

describe('card checks', () => {
  it('accepts numbers that pass the Luhn check and refuses a single wrong digit', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242-4242-4242-4242')).toBe(false);
  });

  it('wants a 3 or 4 digit security code', () => {
    expect(isValidCsc('123')).toBe(true);
    expect(isValidCsc('1234')).toBe(true);
    expect(isValidCsc('12')).toBe(false);
    expect(isValidCsc('12345')).toBe(false);
    expect(isValidCsc('12a')).toBe(false);
  });

  it('accepts an expiry from this month on and refuses past or malformed ones', () => {
    expect(isValidExpiry('11/26', today)).toBe(true);
    expect(isValidExpiry('01/27', today)).toBe(true);
    expect(isValidExpiry('10/26', today)).toBe(false);
    expect(isValidExpiry('13/27', today)).toBe(false);
    expect(isValidExpiry('00/27', today)).toBe(false);
    expect(isValidExpiry('1/27', today)).toBe(false);
  });

  it('formats card input as the user types', () => {
    expect(formatCardNumberInput('4242a4242424242424299')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('42424')).toBe('4242 4');
    expect(formatExpiryInput('0428')).toBe('04/28');
    expect(formatExpiryInput('04')).toBe('04');
    expect(formatExpiryInput('04/2899')).toBe('04/28');
    expect(formatCscInput('12a345')).toBe('1234');
  });
});
