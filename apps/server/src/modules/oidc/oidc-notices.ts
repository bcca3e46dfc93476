/** The e-mail that tells a person single sign-on was linked to their account (DECISIONS.md #81). */
import type { UserRow } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';

export function identityLinkedNotice(user: UserRow, issuer: string, at: string, supportEmail: string): MailMessage {
  return {
    userId: user.id,
    to: user.email,
    subject: 'Single sign-on was linked to your Mindspend account',
    text: [
      `At ${at.slice(0, 10)} ${at.slice(11, 16)} UTC, your Mindspend account was linked to an identity at ${issuer}, confirmed with your password.`,
      'From now on, signing in there signs you in to Mindspend, without your Mindspend password or its second step.',
      `If you did not do this, change your password, sign out every other device in Settings, and write to ${supportEmail}.`,
    ].join('\n\n'),
  };
}
