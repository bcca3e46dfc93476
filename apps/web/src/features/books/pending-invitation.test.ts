import { beforeEach, describe, expect, it } from 'vitest';
import { pendingInvitationToken, rememberInvitation, takePendingInvitationPath } from './pending-invitation';

describe('an invitation opened before signing in', () => {
  beforeEach(() => sessionStorage.clear());

  it('brings the person back to the invitation once after signing in', () => {
    rememberInvitation('A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(takePendingInvitationPath()).toBe('/invitations/A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(takePendingInvitationPath()).toBeNull();
  });

  it('keeps nothing that is not a token: no path of another site or page can ride along', () => {
    rememberInvitation('https://evil.example/x');
    rememberInvitation('../settings');
    expect(takePendingInvitationPath()).toBeNull();
  });

  it('tells the sign-up page the waiting token without using it up', () => {
    expect(pendingInvitationToken()).toBeNull();
    rememberInvitation('A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(pendingInvitationToken()).toBe('A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(pendingInvitationToken()).toBe('A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(takePendingInvitationPath()).toBe('/invitations/A1b2C3d4E5f6G7h8I9j0_-kLmNoPqRsTuVwXyZ01234');
    expect(pendingInvitationToken()).toBeNull();
  });

  it('ignores a stored value that is not a token shape', () => {
    sessionStorage.setItem('mindspend.pendingInvitation', '../settings');
    expect(pendingInvitationToken()).toBeNull();
  });
});
