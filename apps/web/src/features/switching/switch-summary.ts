/** What a switch brought, in sentences for the summary (DECISIONS.md #98). */
import { SWITCHING_APP_NAMES } from '@mindspend/domain';
import type { SwitchSummary } from './api';

const counted = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function switchSummaryLines(summary: SwitchSummary): string[] {
  const lines: string[] = [];
  const split = summary.splits > 0 ? ` (${counted(summary.splits, 'split')})` : '';
  lines.push(`${counted(summary.transactions, 'transaction')}${split} and ${counted(summary.transfers, 'transfer')} brought in.`);
  const accounts = [
    summary.accounts_created > 0 ? `${counted(summary.accounts_created, 'account')} made` : null,
    summary.accounts_matched > 0 ? `${counted(summary.accounts_matched, 'account')} of yours used, by name` : null,
  ].filter((part): part is string => part !== null);
  if (accounts.length > 0) lines.push(`${accounts.join('; ')}.`);
  if (summary.categories_created > 0)
    lines.push(`${counted(summary.categories_created, 'category', 'categories')} Mindspend did not have, now under “From ${SWITCHING_APP_NAMES[summary.app]}”.`);
  if (summary.payees_created > 0) lines.push(`${counted(summary.payees_created, 'payee')} added.`);
  if (summary.duplicates_skipped > 0)
    lines.push(`${counted(summary.duplicates_skipped, 'row')} already here from an earlier upload of this export, left as ${summary.duplicates_skipped === 1 ? 'it is' : 'they are'}.`);
  return lines;
}

/** The heading of the list of what was not brought, or null when everything was. */
export function leftBehindHeading(summary: SwitchSummary): string | null {
  if (summary.left_behind_count === 0) return null;
  const shown = summary.left_behind.length < summary.left_behind_count ? ` (the first ${summary.left_behind.length})` : '';
  return `Not brought in as it was: ${counted(summary.left_behind_count, 'item')}${shown}`;
}
