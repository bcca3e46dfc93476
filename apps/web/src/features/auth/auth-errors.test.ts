import { describe, expect, it } from 'vitest';
import { SIGNUP_CLOSED } from '@mindspend/api-contract';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { authFailureMessages } from './auth-errors';

describe('the messages of a failed sign-in or sign-up', () => {
  it('shows the server’s reason for a 401, 403 and 429', () => {
    expect(authFailureMessages(new ApiError(401, { message: 'These credentials do not match our records.' }))).toEqual([
      'These credentials do not match our records.',
    ]);
    expect(authFailureMessages(new ApiError(403, { message: SIGNUP_CLOSED }))).toEqual([SIGNUP_CLOSED]);
    expect(authFailureMessages(new ApiError(429, { message: 'Too many attempts.' }))).toEqual(['Too many attempts.']);
  });

  it('falls back to the catalogue: a 403 without words, a 500, anything not from the API', () => {
    expect(authFailureMessages(new ApiError(403, null))).toEqual([UNEXPECTED_ERROR]);
    expect(authFailureMessages(new ApiError(500, { message: 'boom' }))).toEqual([UNEXPECTED_ERROR]);
    expect(authFailureMessages(new Error('boom'))).toEqual([UNEXPECTED_ERROR]);
  });
});
