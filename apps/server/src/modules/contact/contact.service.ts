/** Contact form: stores the message and mails it to support (DECISIONS.md #11). */
import type { ContactBody } from '@mindspend/api-contract';
import { CONTACT_REASONS, hasErrors, validateContact } from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { validationFailed } from '../../lib/http-errors';
import { normalizeEmail } from '../users';
import { insertContactMessage } from './contact.repo';

export const CONTACT_THANKS = "Thank you for contacting us! We'll get back to you soon.";

/** Saves a contact message from a user, or from a visitor who gave an e-mail address. */
export async function sendContactMessage(deps: AppDeps, user: UserRow | null, body: ContactBody) {
  const errors = validateContact(body, user === null);
  if (hasErrors(errors)) throw validationFailed(errors);
  const replyTo = user ? user.email : normalizeEmail(body.email ?? '');
  const reasonLabel = CONTACT_REASONS.find((reason) => reason.value === body.reason)?.label ?? 'General Inquiry';
  const text = (body.body ?? '').trim();
  const mail = {
    userId: user?.id ?? null,
    to: deps.config.SUPPORT_EMAIL,
    subject: `[${reasonLabel}] message from ${replyTo}`,
    text: `From: ${replyTo}\nReason: ${reasonLabel}\n\n${text}`,
  };

  const outboxId = await deps.db.transaction().execute(async (trx) => {
    await insertContactMessage(trx, {
      user_id: user?.id ?? null,
      email: replyTo,
      reason: body.reason || 'general',
      body: text,
      created_at: isoNow(deps.clock),
    });
    return deps.mailer.queue(trx, mail);
  });
  // The message is kept whatever the mail server does; a slow one must not hold the person's form.
  void deps.mailer.deliver(deps.db, outboxId, mail);
  return { message: CONTACT_THANKS };
}
