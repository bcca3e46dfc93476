/**
 * Reminders of the pause list (issue 31; docs/DECISIONS.md #99): when a pause's cooling-off ends,
 * its member gets a notice, 'Still want the $180.00 headphones?'. Every process runs the job (its
 * timer in pause-reminders.job.ts). Which process sends it is decided by the claim of `reminded_at`,
 * one conditional update that succeeds only while the pause is neither reminded nor decided; the
 * notice's once-key `pause:<id>` (the unique `notifications_once` index, migration 0022) keeps it
 * single besides.
 */
import { formatStoredAmount, pauseReminderMessage } from '@mindspend/domain';
import { bookCurrency } from '../../db/book-scope';
import { writeLocked } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { insertNotificationsOnce } from '../notifications';
import { claimReminder, duePauses } from './pauses.repo';

export type PauseReminderDeps = Pick<AppDeps, 'db' | 'dialect'>;

export const PAUSE_REMINDER_TITLE = 'Pause list';
/** Pauses reminded per run: a backlog (a server down for days) drains over a few runs. */
const BATCH = 200;

/** Sends the reminders due now; answers how many pauses were reminded. */
export async function remindDuePauses(deps: PauseReminderDeps, now: Date): Promise<{ reminded: number }> {
  const at = now.toISOString();
  const due = await duePauses(deps.db, at, BATCH);
  let reminded = 0;
  for (const pause of due) {
    await writeLocked(deps, 'book', pause.book_id, async (trx) => {
      // The claim is one conditional update: of two processes (or a decision made meanwhile) only
      // the first finds the pause still due, so the notice is written once.
      if (!(await claimReminder(trx, pause.id, at))) return;
      const currency = await bookCurrency(trx, pause.book_id);
      await insertNotificationsOnce(trx, [
        {
          bookId: pause.book_id,
          userId: pause.user_id,
          title: PAUSE_REMINDER_TITLE,
          message: pauseReminderMessage(formatStoredAmount(pause.amount_cents, currency), pause.note, pause.payee),
          createdAt: at,
          onceKey: `pause:${pause.id}`,
        },
      ]);
      reminded += 1;
    });
  }
  return { reminded };
}
