/** Card checks and input formatting for the paid plan (spec §5, DECISIONS.md #10). */
import type { LocalDate } from './months';

/** Luhn checksum over the digits of a card number (spaces ignored). */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Security code: 3 or 4 digits. */
export function isValidCsc(csc: string): boolean {
  return /^\d{3,4}$/.test(csc);
}

/** Expiry `MM/YY`, month 1-12, not before the current month. */
export function isValidExpiry(expiry: string, today: LocalDate): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > today.year || (year === today.year && month >= today.month);
}

/** Card number as typed: digits only, grouped in fours, at most 16 digits. */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: digits only with a slash after the month (`0428` → `04/28`). */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Security code as typed: digits only, at most 4. */
export function formatCscInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}
