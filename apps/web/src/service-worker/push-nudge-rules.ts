/**
 * The rules of a "how did that feel?" nudge in the service worker (issue 30, DECISIONS.md #103):
 * which payloads are nudges, what the notification shows, which feelings it offers as buttons,
 * and where a tap may lead. Checked by hand, not with the contract's zod schema
 * (`pushNudgePayload`), to keep zod out of the worker's bundle; push-nudge-rules.test.ts holds the
 * two to the same answers.
 */
import { FEELINGS } from '@mindspend/domain';

export type Feeling = (typeof FEELINGS)[number]['value'];

/** `pushNudgePayload` of @mindspend/api-contract, as the worker reads it. */
export interface Nudge {
  kind: 'feel';
  title: string;
  body: string;
  url: string;
  action?: { transaction_id: number; token: string };
}

export interface FeelingAction {
  action: Feeling;
  title: string;
}

/** The notification's buttons, most useful first: the two answers most purchases get. */
const ACTION_ORDER: readonly Feeling[] = ['positive', 'negative', 'neutral', 'mixed'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isNudgeAction(value: unknown): value is Nudge['action'] {
  return value === undefined || (isRecord(value) && Number.isSafeInteger(value.transaction_id) && typeof value.token === 'string');
}

/** The nudge in a push's decrypted text (or a notification's data), or null for anything else. */
export function readNudge(data: unknown): Nudge | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  if (!isRecord(value) || value.kind !== 'feel') return null;
  const { title, body, url, action } = value;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || !isNudgeAction(action)) return null;
  return { kind: 'feel', title, body, url, ...(action && { action: { transaction_id: action.transaction_id, token: action.token } }) };
}

/** The feeling buttons the browser can show: `maxActions` of them (all when it does not say). */
export function feelingActions(maxActions: number | undefined): FeelingAction[] {
  const count = maxActions === undefined ? ACTION_ORDER.length : Math.max(0, Math.floor(maxActions));
  return ACTION_ORDER.slice(0, count).map((value) => ({
    action: value,
    title: FEELINGS.find((feeling) => feeling.value === value)?.label ?? value,
  }));
}

/** The feeling a notification button stands for, or null (a tap on the notification itself). */
export function feelingOfAction(action: string): Feeling | null {
  return ACTION_ORDER.find((feeling) => feeling === action) ?? null;
}

/**
 * The notification of a nudge. The tag makes a nudge sent again for the same purchase (or the same
 * ledger) replace the first instead of stacking; buttons only when it is about one purchase.
 */
export function nudgeNotification(nudge: Nudge, maxActions: number | undefined): { title: string; options: NotificationOptions & { actions?: FeelingAction[] } } {
  const tag = nudge.action ? `mindspend-feel-${nudge.action.transaction_id}` : `mindspend-feel-${nudge.url}`;
  return {
    title: nudge.title,
    options: {
      body: nudge.body,
      tag,
      data: nudge,
      icon: '/icons/icon-192.png',
      ...(nudge.action && { actions: feelingActions(maxActions) }),
    },
  };
}

/** Where a tap leads: the nudge's page of this app, never another site (the app's start otherwise). */
export function appUrl(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
