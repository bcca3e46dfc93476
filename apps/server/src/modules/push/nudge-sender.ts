/**
 * Sends what is due (DECISIONS.md #103). Each due nudge is leased by one process; its purchases are
 * read again, so those given a feeling meanwhile are left out (and a nudge with none left is not
 * sent); quiet hours in the person's zone move it to their end. Each device gets the payload
 * encrypted to its own keys (aes128gcm) and signed with the server's VAPID key, posted under the
 * webhooks' address rules, checked again on the address the connection uses. A push service's
 * 404 or 410 means the subscription is gone: it is deleted. Other failures are tried again on the
 * webhooks' schedule, for a day, skipping the devices already reached.
 */
import type { PushNudgePayload } from '@mindspend/api-contract';
import { PUSH_ACTION_TOKEN_HOURS } from '@mindspend/api-contract';
import {
  formatStoredAmount,
  nextAllowedInstant,
  nextWebhookAttempt,
  severalNudgeWords,
  singleNudgeWords,
} from '@mindspend/domain';
import type webpush from 'web-push';
import { bookCurrency, jobScope, memberRole } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { dueOutboxIds } from '../../db/leased-outbox';
import type { PushNudgeRow, PushSubscriptionRow } from '../../db/push-schema';
import type { AppDeps } from '../../deps';
import { hashToken, newToken } from '../../lib/tokens';
import { type SendOutcome, type WebhookSender, addressPolicy, refusedUrl } from '../webhooks';
import {
  type WaitingPurchase,
  deleteSubscriptionRow,
  insertActionToken,
  leaseNudge,
  listSubscriptionRows,
  quietHoursRow,
  touchSubscription,
  updateNudge,
  waitingPurchases,
} from './push.repo';
import type { VapidKeys } from './vapid-keys';

/** Nudges one run sends at most; the rest wait for the next run, seconds later. */
export const NUDGES_PER_RUN = 25;
/** How long a process holds a nudge it is sending: well beyond one try's timeout per device. */
const LEASE_MS = 2 * 60_000;
/** How long a push service keeps a nudge for a device that is off: a day, like the token. */
const TTL_SECONDS = 24 * 3600;
const HOUR_MS = 3_600_000;

export type NudgeDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'logger'> & {
  send: WebhookSender;
  keys: () => VapidKeys | null;
};

export type NudgeSummary = {
  sent: number;
  held: number;
  dropped: number;
  retrying: number;
  failed: number;
};

/** Sends every due nudge this process leases; answers what became of them. */
export async function sendDueNudges(deps: NudgeDeps): Promise<NudgeSummary> {
  const summary: NudgeSummary = { sent: 0, held: 0, dropped: 0, retrying: 0, failed: 0 };
  const now = deps.clock.now();
  const due = await dueOutboxIds(deps.db, 'push_nudges', now.toISOString(), NUDGES_PER_RUN);
  // Read only when something is due: a server nobody subscribed to makes no key file.
  const keys = due.length > 0 ? deps.keys() : null;
  if (!keys) return summary;
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const leased: PushNudgeRow[] = [];
  for (const id of due) {
    const nudge = await leaseNudge(deps.db, id, now.toISOString(), until);
    if (nudge) leased.push(nudge);
  }
  await Promise.all(
    leased.map(async (nudge) => {
      summary[await sendNudge(deps, keys, nudge)] += 1;
    }),
  );
  return summary;
}

/** The words and link of the nudge; one purchase carries a fresh token for its feeling buttons. */
export function nudgePayload(
  purchases: readonly WaitingPurchase[],
  amount: (cents: number) => string,
  token: string | null,
): PushNudgePayload {
  const [only] = purchases;
  if (purchases.length === 1 && only && token !== null) {
    return {
      kind: 'feel',
      ...singleNudgeWords(only.payee, amount(only.amount_cents)),
      url: `/ledger/edit-transaction/${only.id}`,
      action: { transaction_id: only.id, token },
    };
  }
  return { kind: 'feel', ...severalNudgeWords(purchases.length), url: '/ledger' };
}

async function sendNudge(deps: NudgeDeps, keys: VapidKeys, nudge: PushNudgeRow): Promise<keyof NudgeSummary> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const user = await quietHoursRow(deps.db, nudge.user_id);
  // The member left the book since (or is gone): their nudge about it goes nowhere.
  if (!user || !(await memberRole(deps.db, { bookId: nudge.book_id, userId: nudge.user_id }))) {
    await updateNudge(deps.db, nudge.id, { status: 'dropped', next_attempt_at: null });
    return 'dropped';
  }
  const quiet =
    user.push_quiet_start && user.push_quiet_end
      ? { start: user.push_quiet_start, end: user.push_quiet_end }
      : null;
  const allowed = nextAllowedInstant(quiet, user.time_zone, now);
  if (allowed.getTime() > now.getTime()) {
    await updateNudge(deps.db, nudge.id, { next_attempt_at: allowed.toISOString() });
    return 'held';
  }
  const scope = await jobScope(deps.db, nudge.book_id, { id: nudge.user_id, time_zone: user.time_zone });
  const purchases = await waitingPurchases(deps.db, await feelingsOf(deps.db, scope), nudge.id);
  const reached = new Set(nudge.delivered_to.split(',').filter(Boolean).map(Number));
  const devices = (await listSubscriptionRows(deps.db, nudge.user_id)).filter(
    (device) => !reached.has(device.id),
  );
  if (purchases.length === 0 || devices.length === 0) {
    await updateNudge(deps.db, nudge.id, {
      status: reached.size > 0 ? 'sent' : 'dropped',
      next_attempt_at: null,
    });
    return reached.size > 0 ? 'sent' : 'dropped';
  }
  const currency = await bookCurrency(deps.db, nudge.book_id);
  const amount = (cents: number) => formatStoredAmount(cents, currency);
  const failures: string[] = [];
  await Promise.all(
    devices.map(async (device) => {
      const token =
        purchases.length === 1 ? await newActionToken(deps, nudge, purchases[0]?.id ?? 0, now) : null;
      const outcome = await sendToDevice(deps, keys, device, nudgePayload(purchases, amount, token));
      if (outcome.ok) {
        reached.add(device.id);
        await touchSubscription(deps.db, nudge.user_id, device.id, at);
      } else if (outcome.status === 404 || outcome.status === 410) {
        // The browser unsubscribed, or the push service forgot it: it will never be reached again.
        await deleteSubscriptionRow(deps.db, nudge.user_id, device.id);
      } else {
        failures.push(outcome.error);
      }
    }),
  );
  const attempts = nudge.attempts + 1;
  const tried = {
    delivered_to: [...reached].join(','),
    attempts,
    first_tried_at: nudge.first_tried_at ?? at,
  };
  if (failures.length === 0) {
    await updateNudge(deps.db, nudge.id, {
      ...tried,
      status: 'sent',
      sent_at: at,
      next_attempt_at: null,
      error: null,
    });
    return 'sent';
  }
  // The webhooks' schedule (1 minute to 24 hours), from the first try: for a day of tries in all.
  const next = nextWebhookAttempt(tried.first_tried_at, attempts, at);
  const error = (failures[0] ?? '').slice(0, 300);
  if (next === null) {
    await updateNudge(deps.db, nudge.id, { ...tried, status: 'failed', next_attempt_at: null, error });
    deps.logger.warn({ nudgeId: nudge.id, error }, 'push nudge gave up');
    return 'failed';
  }
  await updateNudge(deps.db, nudge.id, { ...tried, next_attempt_at: next, error });
  return 'retrying';
}

/** A token for one device's feeling buttons, valid PUSH_ACTION_TOKEN_HOURS from now, kept hashed. */
async function newActionToken(
  deps: NudgeDeps,
  nudge: PushNudgeRow,
  transactionId: number,
  now: Date,
): Promise<string> {
  const token = newToken();
  await insertActionToken(deps.db, {
    user_id: nudge.user_id,
    book_id: nudge.book_id,
    transaction_id: transactionId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + PUSH_ACTION_TOKEN_HOURS * HOUR_MS).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  return token;
}

/** Encrypts and signs the payload for one device and posts it; never throws. */
async function sendToDevice(
  deps: NudgeDeps,
  keys: VapidKeys,
  device: PushSubscriptionRow,
  payload: PushNudgePayload,
): Promise<SendOutcome> {
  const policy = addressPolicy(deps.config);
  let url: URL;
  try {
    url = new URL(device.endpoint);
  } catch {
    return { ok: false, status: 410, error: 'The endpoint is not a URL.' };
  }
  // An endpoint this server will not call (plain http or a private address in production) never will be: as good as gone.
  const refused = refusedUrl(url, policy);
  if (refused) return { ok: false, status: 410, error: refused };
  // web-push (and the ASN.1 and big-number libraries it signs with) loads with the first nudge
  // sent, not at start-up (DECISIONS.md #119).
  const { default: webPush } = await import('web-push');
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: `The notification could not be encrypted: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const headers: Record<string, string> = {};
  // sendWebhook sets the length of the body it posts itself.
  for (const [name, value] of Object.entries(request.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  return deps.send({ url: device.endpoint, body: request.body ?? Buffer.alloc(0), headers }, policy);
}
