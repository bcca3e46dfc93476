/**
 * The reflection e-mail's subject and plain-text part (DECISIONS.md #59). Every amount is
 * formatted here, once, from the content's cents.
 */
import { formatStoredAmount } from '../currency/stored-hundredths';
import { monthName } from '../months';
import { PURPOSE_LABELS } from '../feelings/purposes';
import type { ReflectionEmailContent } from './content';

export function monthTitle(content: Pick<ReflectionEmailContent, 'month'>): string {
  return `${monthName(content.month.month)} ${content.month.year}`;
}

export function reflectionEmailSubject(content: ReflectionEmailContent): string {
  return `Your ${monthTitle(content)} in Mindspend: how it felt`;
}

export function greeting(content: ReflectionEmailContent): string {
  return content.firstName ? `Hi ${content.firstName},` : 'Hello,';
}

export function spentSentence(content: ReflectionEmailContent): string {
  const expenses = content.expenseCount === 1 ? '1 expense' : `${content.expenseCount} expenses`;
  return `You spent ${formatStoredAmount(content.spentCents, content.currency)} over ${expenses}.`;
}

export function untaggedSentence(content: ReflectionEmailContent): string | null {
  return content.untaggedCents > 0 ? `${formatStoredAmount(content.untaggedCents, content.currency)} had no feeling recorded.` : null;
}

/** 'target 30%, above it' and the like; null without targets. */
export function targetNote(percent: number, target: number | null): string | null {
  if (target === null) return null;
  if (percent > target) return `target ${target}%, above it`;
  return `target ${target}%`;
}

export const NO_TARGETS_SENTENCE = 'Set a target for each purpose in Mindspend to see how the month compares.';
export const NO_REGRETS_SENTENCE = "Nothing was tagged 'Regretted it' at a payee this month.";
export const NO_SHIFTS_SENTENCE = 'No feeling changed on a second look this month.';

export function souredSentence(content: ReflectionEmailContent): string | null {
  const { soured, souredPayees } = content.shifts;
  if (soured === 0) return null;
  const purchases = soured === 1 ? '1 purchase' : `${soured} purchases`;
  const names = souredPayees.map((line) => `${line.name} (${line.soured})`).join(', ');
  return `${purchases} did not feel like a regret at first and did on a second look: ${names}.`;
}

export function warmedSentence(content: ReflectionEmailContent): string | null {
  const { warmed, warmedPayees } = content.shifts;
  if (warmed === 0) return null;
  const regrets = warmed === 1 ? '1 regret' : `${warmed} regrets`;
  const names = warmedPayees.map((line) => `${line.name} (${line.warmed})`).join(', ');
  return `${regrets} no longer felt like one on a second look: ${names}.`;
}

export function noReflectionSentence(content: ReflectionEmailContent): string {
  return `You have not written ${monthName(content.month.month)}'s reflection yet: what went well, and what to change next month.`;
}

export const WHY_YOU_GET_THIS = "You receive this e-mail because you turned on the monthly reflection e-mail in Mindspend's settings.";

/** The plain-text part: the same figures as the HTML part, for mail readers that show text. */
export function reflectionEmailText(content: ReflectionEmailContent): string {
  const lines: string[] = [greeting(content), '', `Here is ${monthTitle(content)}, looked back on.`, '', spentSentence(content), ''];

  lines.push('HOW IT FELT');
  for (const line of content.feelings) lines.push(`- ${line.label}: ${formatStoredAmount(line.amountCents, content.currency)} (${line.percent}%)`);
  const untagged = untaggedSentence(content);
  if (untagged) lines.push(untagged);
  lines.push('');

  lines.push('BY PURPOSE (share of all spending)');
  for (const share of content.purposes) {
    const note = targetNote(share.percent, share.targetPercent);
    lines.push(`- ${PURPOSE_LABELS[share.purpose]}: ${formatStoredAmount(share.spentCents, content.currency)}, ${share.percent}%${note ? ` (${note})` : ''}`);
  }
  if (!content.hasTargets) lines.push(NO_TARGETS_SENTENCE);
  lines.push('');

  lines.push('MOST REGRETTED PAYEES');
  if (content.regrettedPayees.length === 0) lines.push(NO_REGRETS_SENTENCE);
  for (const payee of content.regrettedPayees) {
    lines.push(`- ${payee.name}: ${formatStoredAmount(payee.regrettedCents, content.currency)} regretted of ${formatStoredAmount(payee.amountCents, content.currency)} (${payee.rate}%)`);
  }
  lines.push('');

  lines.push('SECOND LOOK');
  const shifts = [souredSentence(content), warmedSentence(content)].filter((line): line is string => line !== null);
  lines.push(...(shifts.length > 0 ? shifts : [NO_SHIFTS_SENTENCE]), '');

  lines.push('YOUR REFLECTION');
  if (content.reflection) {
    if (content.reflection.wentWell) lines.push(`What went well: ${content.reflection.wentWell}`);
    if (content.reflection.changeNext) lines.push(`What to change next month: ${content.reflection.changeNext}`);
  } else {
    lines.push(noReflectionSentence(content), `Write it: ${content.links.month}`);
  }
  lines.push('', `Open ${monthName(content.month.month)} in Mindspend: ${content.links.month}`, '', '--', WHY_YOU_GET_THIS);
  lines.push(`Unsubscribe: ${content.links.unsubscribe}`, `Settings: ${content.links.settings}`);
  return lines.join('\n');
}
