import { describe, expect, it } from 'vitest';
import {
  INVALID_INPUT,
  PASSWORD_CHANGE_UNEXPECTED,
  UNEXPECTED_ERROR,
  catalogueMessages,
  firstMessagePerField,
  passwordChangeMessages,
} from './errors';

describe('error catalogue (spec §8)', () => {
  it('lists every message of a 422 body, de-duplicated', () => {
    const body = {
      message: 'The given data was invalid.',
      errors: { email: ['Email is invalid.'], password: ['Too short.', 'Email is invalid.'] },
    };
    expect(catalogueMessages(422, body)).toEqual(['Email is invalid.', 'Too short.']);
  });

  it('a non-object 422 body gives "Invalid input."', () => {
    expect(catalogueMessages(422, 'oops')).toEqual([INVALID_INPUT]);
    expect(catalogueMessages(422, null)).toEqual([INVALID_INPUT]);
    expect(catalogueMessages(422, ['a'])).toEqual([INVALID_INPUT]);
  });

  it('any other failure gives "Unexpected error occurred."', () => {
    for (const status of [0, 400, 401, 404, 413, 429, 500, 503]) {
      expect(catalogueMessages(status, { message: 'x' })).toEqual([UNEXPECTED_ERROR]);
    }
  });

  it('registration shows the first message of each field', () => {
    expect(firstMessagePerField({ email: ['A', 'B'], password: ['C'] })).toEqual(['A', 'C']);
  });
});

describe('password change messages (spec §8)', () => {
  it('shows the error string of a 422 or 403', () => {
    expect(passwordChangeMessages(403, { error: 'Not allowed.' })).toEqual(['Not allowed.']);
  });

  it('shows the entries of keyed errors', () => {
    const body = { message: 'Invalid', errors: { current_password: ['The current password is incorrect.'] } };
    expect(passwordChangeMessages(422, body)).toEqual(['The current password is incorrect.']);
  });

  it('shows an errors array', () => {
    expect(passwordChangeMessages(422, { errors: ['One.', 'Two.', 'One.'] })).toEqual(['One.', 'Two.']);
  });

  it('falls back to value lists in the body, then "Invalid input."', () => {
    expect(passwordChangeMessages(422, { new_password: ['Weak.'] })).toEqual(['Weak.']);
    expect(passwordChangeMessages(422, { message: 'x' })).toEqual([INVALID_INPUT]);
    expect(passwordChangeMessages(403, 'text')).toEqual([INVALID_INPUT]);
  });

  it('other failures show the unexpected-error sentence', () => {
    expect(passwordChangeMessages(500, {})).toEqual([PASSWORD_CHANGE_UNEXPECTED]);
  });
});
