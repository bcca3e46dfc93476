/**
 * The reflection e-mail's HTML part (DECISIONS.md #59): tables and inline styles, because mail
 * readers drop style sheets and most of CSS layout. Every piece of the person's own text (payee
 * names, the reflection, their name) and every link goes through `escapeHtml`.
 */
import { formatStoredAmount } from '../currency/stored-hundredths';
import { monthName } from '../months';
import { PURPOSE_LABELS } from '../feelings/purposes';
import type { ReflectionEmailContent } from './content';
import {
  NO_REGRETS_SENTENCE,
  NO_SHIFTS_SENTENCE,
  NO_TARGETS_SENTENCE,
  WHY_YOU_GET_THIS,
  greeting,
  monthTitle,
  noReflectionSentence,
  souredSentence,
  spentSentence,
  targetNote,
  untaggedSentence,
  warmedSentence,
} from './text';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Escaped, with the person's line breaks kept. */
function paragraphText(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

// Colours with at least 4.5:1 contrast on their background (WCAG AA), as the app's theme.
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#0b6e4f';
const PAGE = '#f4f6f8';
const LINE = '#d9e2ec';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const p = (html: string, style = '') => `<p style="margin:0 0 12px;${FONT};font-size:15px;line-height:1.5;color:${INK};${style}">${html}</p>`;
const muted = (html: string) => p(html, `color:${MUTED};font-size:14px;`);
const heading = (text: string) =>
  `<h2 style="margin:24px 0 8px;${FONT};font-size:17px;line-height:1.3;color:${INK};">${escapeHtml(text)}</h2>`;
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:${ACCENT};">${escapeHtml(text)}</a>`;

const cell = (html: string, align: 'left' | 'right' = 'left') =>
  `<td style="padding:6px 8px;border-bottom:1px solid ${LINE};${FONT};font-size:14px;color:${INK};text-align:${align};">${html}</td>`;
const headCell = (text: string, align: 'left' | 'right' = 'left') =>
  `<th scope="col" style="padding:6px 8px;border-bottom:2px solid ${LINE};${FONT};font-size:13px;color:${MUTED};text-align:${align};font-weight:600;">${escapeHtml(text)}</th>`;

function table(head: string[], rows: string[][]): string {
  const header = `<tr>${head.map((text, index) => headCell(text, index === 0 ? 'left' : 'right')).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((html, index) => cell(html, index === 0 ? 'left' : 'right')).join('')}</tr>`).join('');
  return `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 12px;">${header}${body}</table>`;
}

function feelingsSection(content: ReflectionEmailContent): string {
  const rows = content.feelings.map((line) => [escapeHtml(line.label), escapeHtml(formatStoredAmount(line.amountCents, content.currency)), `${line.percent}%`]);
  const untagged = untaggedSentence(content);
  return heading('How it felt') + table(['Feeling', 'Spent', 'Share'], rows) + (untagged ? muted(escapeHtml(untagged)) : '');
}

function purposesSection(content: ReflectionEmailContent): string {
  const rows = content.purposes.map((share) => {
    const note = targetNote(share.percent, share.targetPercent);
    const over = share.targetPercent !== null && share.percent > share.targetPercent;
    const target = note ? `<span style="color:${over ? '#a61b1b' : MUTED};">${escapeHtml(note)}</span>` : '&mdash;';
    return [escapeHtml(PURPOSE_LABELS[share.purpose]), escapeHtml(formatStoredAmount(share.spentCents, content.currency)), `${share.percent}%`, target];
  });
  return heading('By purpose') + table(['Purpose', 'Spent', 'Share', 'Target'], rows) + (content.hasTargets ? '' : muted(escapeHtml(NO_TARGETS_SENTENCE)));
}

function regretsSection(content: ReflectionEmailContent): string {
  if (content.regrettedPayees.length === 0) return heading('Most regretted payees') + p(escapeHtml(NO_REGRETS_SENTENCE));
  const rows = content.regrettedPayees.map((payee) => [
    escapeHtml(payee.name),
    escapeHtml(formatStoredAmount(payee.regrettedCents, content.currency)),
    escapeHtml(formatStoredAmount(payee.amountCents, content.currency)),
    `${payee.rate}%`,
  ]);
  return heading('Most regretted payees') + table(['Payee', 'Regretted', 'Spent there', 'Rate'], rows);
}

function shiftsSection(content: ReflectionEmailContent): string {
  const sentences = [souredSentence(content), warmedSentence(content)].filter((line): line is string => line !== null);
  return heading('Second look') + (sentences.length > 0 ? sentences : [NO_SHIFTS_SENTENCE]).map((line) => p(escapeHtml(line))).join('');
}

function quote(label: string, text: string): string {
  return (
    `<p style="margin:0 0 4px;${FONT};font-size:13px;font-weight:600;color:${MUTED};">${escapeHtml(label)}</p>` +
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid ${ACCENT};background:${PAGE};${FONT};font-size:15px;line-height:1.5;color:${INK};">${paragraphText(text)}</blockquote>`
  );
}

function reflectionSection(content: ReflectionEmailContent): string {
  const written = content.reflection;
  if (!written) return heading('Your reflection') + p(escapeHtml(noReflectionSentence(content))) + p(link(content.links.month, 'Write your reflection'));
  return (
    heading('Your reflection') +
    (written.wentWell ? quote('What went well', written.wentWell) : '') +
    (written.changeNext ? quote('What to change next month', written.changeNext) : '')
  );
}

/** The whole HTML document of the e-mail. */
export function reflectionEmailHtml(content: ReflectionEmailContent): string {
  const title = `Your ${monthTitle(content)}, looked back on`;
  const body = [
    p(escapeHtml(greeting(content))),
    p(escapeHtml(spentSentence(content))),
    feelingsSection(content),
    purposesSection(content),
    regretsSection(content),
    shiftsSection(content),
    reflectionSection(content),
    `<p style="margin:24px 0 0;"><a href="${escapeHtml(content.links.month)}" style="display:inline-block;padding:10px 18px;background:${ACCENT};color:#ffffff;border-radius:6px;text-decoration:none;${FONT};font-size:15px;font-weight:600;">Open ${escapeHtml(monthName(content.month.month))} in Mindspend</a></p>`,
  ].join('');
  const footer =
    muted(escapeHtml(WHY_YOU_GET_THIS)) +
    muted(`${link(content.links.unsubscribe, 'Unsubscribe')} &middot; ${link(content.links.settings, 'Settings')}`);
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${PAGE};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAGE};"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border:1px solid ${LINE};border-radius:8px;">`,
    `<tr><td style="padding:20px 28px;border-bottom:1px solid ${LINE};"><span style="${FONT};font-size:20px;font-weight:700;color:${ACCENT};">Mindspend</span></td></tr>`,
    `<tr><td style="padding:20px 28px 8px;"><h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(title)}</h1>${body}</td></tr>`,
    `<tr><td style="padding:16px 28px;border-top:1px solid ${LINE};">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
