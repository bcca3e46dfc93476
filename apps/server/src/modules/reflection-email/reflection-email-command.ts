/**
 * `npm run reflection-emails`: one pass of the monthly reflection e-mail outside the server
 * (docs/DECISIONS.md #59) — from cron, or with `--month YYYY-MM` to catch up a month whose first
 * days the server was down for. The once-per-month claim makes it safe beside running servers.
 */
import type { YearMonth } from '@mindspend/domain';
import { type ReflectionEmailDeps, type SendSummary, sendDueReflectionEmails, sendReflectionEmailsOf } from './reflection-email.service';

export const COMMAND_USAGE = 'Usage: npm run reflection-emails [-- --month YYYY-MM]';

/** The month named by `--month YYYY-MM`, or null without it; throws a usage sentence otherwise. */
export function parseCommandMonth(argv: readonly string[]): YearMonth | null {
  if (argv.length === 0) return null;
  const match = argv.length === 2 && argv[0] === '--month' ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(argv[1] ?? '') : null;
  if (!match) throw new Error(`${COMMAND_USAGE}\nThe month is written YYYY-MM, e.g. 2026-10.`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function summaryLine(summary: SendSummary): string {
  return `Reflection e-mails queued: ${summary.queued}; already sent: ${summary.alreadySent}; months without spending: ${summary.noSpending}.`;
}

/** Runs the command's pass at `now` and returns the lines it prints. */
export async function runReflectionEmailCommand(deps: ReflectionEmailDeps, argv: readonly string[], now: Date): Promise<string[]> {
  const month = parseCommandMonth(argv);
  const summary = month ? await sendReflectionEmailsOf(deps, month, now) : await sendDueReflectionEmails(deps, now);
  return [summaryLine(summary)];
}
