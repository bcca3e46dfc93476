import { afterEach, describe, expect, it } from 'vitest';
import { takeHandoverCode } from './single-sign-on';

const CODE = 'A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the hand-over code of /auth/oidc (DECISIONS.md #81)', () => {
  it('is read from the fragment and taken out of the address bar at once', () => {
    window.history.replaceState(null, '', `/auth/oidc#code=${CODE}`);
    expect(takeHandoverCode()).toBe(CODE);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/auth/oidc');
  });

  it('is null when the fragment has none, or something that is not a code', () => {
    window.history.replaceState(null, '', '/auth/oidc');
    expect(takeHandoverCode()).toBeNull();
    window.history.replaceState(null, '', '/auth/oidc#code=%3Cscript%3E');
    expect(takeHandoverCode()).toBeNull();
    expect(window.location.hash).toBe('');
  });
});
