/**
 * The e-mails that tell a person their account's defences changed (DECISIONS.md #29, #75): a
 * change they did not make is how they learn that someone else holds their session. Each is
 * queued in the transaction of the change it reports, so it goes out exactly when that commits.
 */
import type { PersonalTokenScopeName } from '@mindspend/api-contract';
import type { UserRow } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';

/** "2026-11-20 14:05 UTC": a time the person can compare with their own day. */
function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function notice(user: UserRow, subject: string, lines: string[]): MailMessage {
  return { userId: user.id, to: user.email, subject, text: lines.join('\n\n') };
}

export function personalTokenCreatedNotice(
  user: UserRow,
  token: { name: string; scope: PersonalTokenScopeName; createdAt: string },
  supportEmail: string,
): MailMessage {
  const canWrite = token.scope === 'write';
  return notice(user, 'A personal access token was created for your Mindspend account', [
    `A personal access token named “${token.name}” (${canWrite ? 'read and write' : 'read only'}) was created for your Mindspend account at ${utcTime(token.createdAt)}.`,
    `A script holding it can read${canWrite ? ' and change' : ''} your budget until the token is revoked.`,
    `If you did not create it, revoke it in Settings → Personal access tokens, change your password and sign out every other device, and write to ${supportEmail}.`,
  ]);
}

/** A sign-in from a device the person had not signed in from before (DECISIONS.md #77). */
export function newDeviceNotice(
  user: UserRow,
  signIn: { device: string; at: string; address?: string | null },
  appUrl: string,
  supportEmail: string,
): MailMessage {
  const from = signIn.address ? ` (address ${signIn.address})` : '';
  return notice(user, 'A new sign-in to your Mindspend account', [
    `Your Mindspend account was signed in to from ${signIn.device}${from} at ${utcTime(signIn.at)}, a device it had not been signed in from before.`,
    'If this was you, there is nothing to do.',
    `Not you? Sign that device out and change your password: ${appUrl}/settings#signed-in-devices — and write to ${supportEmail}.`,
  ]);
}

export function twoFactorOnNotice(user: UserRow, at: string, supportEmail: string): MailMessage {
  return notice(user, 'Two-factor sign-in was turned on for your Mindspend account', [
    `Two-factor sign-in was turned on for your Mindspend account at ${utcTime(at)}.`,
    'Signing in now asks for a code from the authenticator app, or a recovery code, after the password.',
    `If you did not turn it on, someone else is signed in to your account: change your password, sign out every other device in Settings, and write to ${supportEmail}.`,
  ]);
}

export function twoFactorOffNotice(user: UserRow, at: string, supportEmail: string): MailMessage {
  return notice(user, 'Two-factor sign-in was turned off for your Mindspend account', [
    `Two-factor sign-in was turned off for your Mindspend account at ${utcTime(at)}.`,
    'Signing in now asks for the password alone.',
    `If you did not turn it off, change your password, turn two-factor sign-in on again in Settings, and write to ${supportEmail}.`,
  ]);
}

/** A passkey added (DECISIONS.md #80): it signs in without the password or a code. */
export function passkeyAddedNotice(user: UserRow, passkey: { name: string; at: string }, supportEmail: string): MailMessage {
  return notice(user, 'A passkey was added to your Mindspend account', [
    `A passkey named “${passkey.name}” was added to your Mindspend account at ${utcTime(passkey.at)}.`,
    'It signs in to your account on its own, without your password or a two-factor code.',
    `If you did not add it, remove it in Settings → Passkeys, change your password, sign out every other device, and write to ${supportEmail}.`,
  ]);
}
