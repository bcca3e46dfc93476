import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { currentPasswordProblem } from './current-password-errors';

describe('currentPasswordProblem', () => {
  it('shows the wrong password’s sentence', () => {
    const wrong = new ApiError(422, {
      message: 'The current password is incorrect.',
      errors: { current_password: ['The current password is incorrect.'] },
    });
    expect(currentPasswordProblem(wrong)).toBe('The current password is incorrect.');
  });

  it('shows the server’s own words once there were too many wrong passwords', () => {
    const locked = new ApiError(429, { message: 'Too many wrong passwords. Please try again in 15 minutes.' });
    expect(currentPasswordProblem(locked)).toBe('Too many wrong passwords. Please try again in 15 minutes.');
  });

  it('leaves every other failure to the form', () => {
    expect(currentPasswordProblem(new ApiError(422, { message: 'x', errors: { name: ['x'] } }))).toBeNull();
    expect(currentPasswordProblem(new ApiError(500, { message: 'Server Error' }))).toBeNull();
    expect(currentPasswordProblem(new Error('offline'))).toBeNull();
  });
});
