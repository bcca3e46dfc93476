/**
 * The monthly reflection e-mail (issue 16, docs/DECISIONS.md #59): reads a person's month, builds
 * the e-mail with the domain's rules, and queues it once per person and month.
 */
import {
  FEELING_VALUES,
  type Feeling,
  type LocalDate,
  type ReflectionEmailFacts,
  type YearMonth,
  budgetsPath,
  hasSpending,
  isMonthOver,
  localDateIn,
  monthKeyOf,
  monthRange,
  reflectionEmailContent,
  reflectionEmailHtml,
  reflectionEmailMonthDue,
  reflectionEmailSubject,
  reflectionEmailText,
} from '@mindspend/domain';
import { bookCurrency } from '../../db/book-scope';
import { writeAsUser } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import type { MailMessage } from '../../lib/mailer';
import { findTargets, findReflection } from '../feelings';
import {
  type Recipient,
  claimMonth,
  hasClaim,
  optedInUser,
  optedInUsers,
  payeeCells,
  recordOutboxId,
  secondLookCells,
  spendingCells,
} from './reflection-email.repo';
import { signUnsubscribeToken } from './unsubscribe-token';

/** What sending needs: the app's own dependencies, or the command's (reflection-emails.ts). */
export type ReflectionEmailDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'mailer' | 'config' | 'logger'>;

/** Where the unsubscribe link points (answered by reflection-email.routes.ts). */
export const UNSUBSCRIBE_PATH = '/api/reflection-email/unsubscribe';

/** What became of one person's e-mail for one month. */
export type SendOutcome = 'queued' | 'already-sent' | 'no-spending' | 'opted-out';

const NO_PAYEE = 'No payee';
const isFeeling = (value: string | null): value is Feeling => (FEELING_VALUES as readonly (string | null)[]).includes(value);

/** The absolute unsubscribe link of a user. */
export function unsubscribeUrl(deps: Pick<AppDeps, 'config'>, userId: number): string {
  const url = new URL(UNSUBSCRIBE_PATH, deps.config.APP_URL);
  url.searchParams.set('token', signUnsubscribeToken(deps.config, userId));
  return url.toString();
}

/** Everything the e-mail says about `month`, read from the person's own rows. */
export async function reflectionEmailFacts(deps: ReflectionEmailDeps, user: Recipient, month: YearMonth): Promise<ReflectionEmailFacts> {
  const scope = { bookId: user.book_id, ...monthRange(month.year, month.month) };
  const [spending, payees, looks, targets, reflection, currency] = await Promise.all([
    spendingCells(deps.db, scope),
    payeeCells(deps.db, scope),
    secondLookCells(deps.db, scope),
    findTargets(deps.db, { bookId: user.book_id, userId: user.id }),
    findReflection(deps.db, { bookId: user.book_id, userId: user.id }, month),
    bookCurrency(deps.db, user.book_id),
  ]);
  const appUrl = deps.config.APP_URL;
  return {
    month,
    firstName: user.first_name,
    spending: spending.map((cell) => ({ ...cell, monthKey: monthKeyOf(month) })),
    targets: targets ?? null,
    payees,
    secondLooks: looks.flatMap((look) =>
      isFeeling(look.second) ? [{ id: look.id, name: look.name ?? NO_PAYEE, first: isFeeling(look.first) ? look.first : null, second: look.second, count: look.count }] : [],
    ),
    reflection: reflection ? { wentWell: reflection.went_well, changeNext: reflection.change_next } : null,
    links: {
      month: new URL(budgetsPath(month), appUrl).toString(),
      settings: new URL('/settings', appUrl).toString(),
      unsubscribe: unsubscribeUrl(deps, user.id),
    },
    currency,
  };
}

function emailOf(user: Recipient, facts: ReflectionEmailFacts): MailMessage {
  const content = reflectionEmailContent(facts);
  return {
    userId: user.id,
    to: user.email,
    subject: reflectionEmailSubject(content),
    text: reflectionEmailText(content),
    html: reflectionEmailHtml(content),
    // Mail readers show their own unsubscribe button from it (RFC 2369), one click with a POST (RFC 8058).
    headers: { 'List-Unsubscribe': `<${facts.links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Queues `month`'s e-mail of one person unless it went out already, they have turned it off, or
 * the month has no spending. The claim, the opt-in check and the queued message are one
 * transaction under the person's write lock, so two server processes sending at once queue one
 * e-mail, and an unsubscribe that lands first is obeyed.
 */
export async function sendReflectionEmail(deps: ReflectionEmailDeps, recipient: Recipient, month: YearMonth): Promise<SendOutcome> {
  if (await hasClaim(deps.db, recipient.id, month)) return 'already-sent';
  const facts = await reflectionEmailFacts(deps, recipient, month);
  if (!hasSpending(facts.spending)) return 'no-spending';
  const queued = await writeAsUser(deps, recipient.id, async (trx) => {
    const user = await optedInUser(trx, recipient.id);
    if (!user) return 'opted-out' as const;
    const claimId = await claimMonth(trx, user.id, month, isoNow(deps.clock));
    if (claimId === null) return 'already-sent' as const;
    // Read again under the lock: the address may have changed since the list was read.
    const message = emailOf(user, facts);
    const outboxId = await deps.mailer.queue(trx, message);
    await recordOutboxId(trx, claimId, outboxId);
    return { outboxId, message };
  });
  if (typeof queued === 'string') return queued;
  await deps.mailer.deliver(deps.db, queued.outboxId, queued.message);
  return 'queued';
}

export interface SendSummary {
  queued: number;
  alreadySent: number;
  noSpending: number;
}

async function sendEach(
  deps: ReflectionEmailDeps,
  now: Date,
  monthFor: (today: LocalDate) => YearMonth | null,
): Promise<SendSummary> {
  const summary: SendSummary = { queued: 0, alreadySent: 0, noSpending: 0 };
  for (const user of await optedInUsers(deps.db)) {
    const month = monthFor(localDateIn(user.time_zone, now));
    if (!month) continue;
    try {
      const outcome = await sendReflectionEmail(deps, user, month);
      if (outcome === 'queued') summary.queued += 1;
      else if (outcome === 'already-sent') summary.alreadySent += 1;
      else if (outcome === 'no-spending') summary.noSpending += 1;
    } catch (error) {
      // One person's failure (a busy lock, a broken row) must not stop everyone else's e-mail;
      // their month stays unclaimed and the next run tries again.
      deps.logger.error({ err: error, userId: user.id }, 'reflection e-mail failed');
    }
  }
  return summary;
}

/**
 * Sends last month's e-mail to every opted-in person for whom it is due at `now` (their own
 * date is in the first days of a month). The server runs it every few minutes; running it again
 * sends nothing twice.
 */
export function sendDueReflectionEmails(deps: ReflectionEmailDeps, now: Date): Promise<SendSummary> {
  return sendEach(deps, now, reflectionEmailMonthDue);
}

/**
 * Sends `month`'s e-mail to every opted-in person whose `month` is over at `now` and who has not
 * had it, whatever the day: an operator's catch-up after the server was down for the first days
 * of a month (`npm run reflection-emails -- --month 2026-10`).
 */
export function sendReflectionEmailsOf(deps: ReflectionEmailDeps, month: YearMonth, now: Date): Promise<SendSummary> {
  return sendEach(deps, now, (today) => (isMonthOver(month, today) ? month : null));
}
