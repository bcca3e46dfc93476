/**
 * Outgoing e-mail (DECISIONS.md #11): every message is written to the `outbox` table and the log;
 * with SMTP_URL set it is also sent through SMTP and marked sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Clock, isoNow } from './clock';
import { insertOutboxMessage, markOutboxMessageSent } from './outbox.repo';

export interface MailMessage {
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`, for messages laid out as a page (the reflection e-mail). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (docs/DECISIONS.md #60). */
  headers?: Record<string, string>;
}

/** Length of `outbox.subject`; a subject naming a 254-character address would not fit. */
const SUBJECT_MAX = 255;

/** The subject cut to what the outbox stores, marked with an ellipsis when cut. */
function storableSubject(subject: string): string {
  return subject.length <= SUBJECT_MAX ? subject : `${subject.slice(0, SUBJECT_MAX - 1)}…`;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export class Mailer {
  constructor(
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    private readonly transport: MailTransport | null,
  ) {}

  /** Queues a message in `executor` (a transaction or the database) and logs it. */
  async queue(executor: Kysely<Database>, message: MailMessage): Promise<number> {
    const outboxId = await insertOutboxMessage(executor, {
      user_id: message.userId,
      to_address: message.to,
      subject: storableSubject(message.subject),
      body_text: message.text,
      body_html: message.html ?? null,
      created_at: isoNow(this.clock),
      sent_at: null,
    });
    this.logger.info({ outboxId, to: message.to, subject: message.subject }, `mail queued:\n${message.text}`);
    return outboxId;
  }

  /** Sends a queued message through SMTP when configured; failures are logged, the row stays unsent. */
  async deliver(db: Kysely<Database>, outboxId: number, message: MailMessage): Promise<void> {
    if (!this.transport) return;
    try {
      await this.transport.send(message);
      await markOutboxMessageSent(db, outboxId, isoNow(this.clock));
    } catch (error) {
      this.logger.error({ err: error, outboxId }, 'mail delivery failed');
    }
  }
}

/** SMTP transport through nodemailer, loaded only when SMTP_URL is set. */
export async function smtpTransport(smtpUrl: string, from: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
        ...(message.headers && { headers: message.headers }),
      });
    },
  };
}
