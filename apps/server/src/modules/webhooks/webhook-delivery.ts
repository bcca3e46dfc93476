/**
 * Sends what is due (DECISIONS.md #94): each due delivery is leased by one process, posted with its
 * signature, and recorded. A try that fails is scheduled again by the retry schedule (domain
 * webhooks/retry-schedule.ts); one that has failed for a day gives up, and its webhook is turned
 * off with a notice to the member who made it, so a dead receiver does not collect a day of
 * failures for every event that follows.
 */
import { nextWebhookAttempt } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { insertNotification } from '../notifications';
import type { AddressPolicy } from './webhook-address';
import { openSecret } from './webhook-secrets';
import { dueOutboxIds, leaseOutboxRow } from '../../db/leased-outbox';
import type { SendOutcome, WebhookSender } from './webhook-sender';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import {
  type DeliveryToSend,
  deliveryToSend,
  endPendingDeliveries,
  recordAttempt,
  turnOffSending,
} from './webhooks.repo';

/** Deliveries one run sends at most; the rest wait for the next run, seconds later. */
export const DELIVERIES_PER_RUN = 25;
/** How long a process holds a delivery it is sending: well beyond one try's timeout. */
const LEASE_MS = 2 * 60_000;

export const GAVE_UP_REASON = 'Turned off after a delivery failed for a day.';
export const TURNED_OFF_ERROR = 'Not sent: the webhook was turned off.';
export const SECRET_UNREADABLE =
  'Its signing secret can no longer be read: the server’s key changed (TWO_FACTOR_ENCRYPTION_KEY or DATA_DIR/two-factor.key). Delete the webhook and add it again.';

export type DeliveryDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'logger'> & {
  send: WebhookSender;
};

export type SendSummary = {
  delivered: number;
  retrying: number;
  failed: number;
};

export function addressPolicy(config: AppDeps['config']): AddressPolicy {
  return { publicOnly: config.NODE_ENV === 'production' && !config.WEBHOOKS_ALLOW_PRIVATE_NETWORK };
}

/** Sends every due delivery this process leases, at once; answers what became of them. */
export async function sendDueDeliveries(deps: DeliveryDeps): Promise<SendSummary> {
  const now = deps.clock.now();
  const summary: SendSummary = { delivered: 0, retrying: 0, failed: 0 };
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const leased: number[] = [];
  for (const id of await dueOutboxIds(deps.db, 'webhook_deliveries', now.toISOString(), DELIVERIES_PER_RUN)) {
    if (await leaseOutboxRow(deps.db, 'webhook_deliveries', id, now.toISOString(), until)) leased.push(id);
  }
  await Promise.all(
    leased.map(async (id) => {
      const delivery = await deliveryToSend(deps.db, id);
      if (!delivery) return;
      const outcome = await sendOne(deps, delivery);
      summary[outcome] += 1;
    }),
  );
  return summary;
}

async function sendOne(deps: DeliveryDeps, delivery: DeliveryToSend): Promise<keyof SendSummary> {
  if (delivery.enabled !== 1) {
    await recordAttempt(deps.db, delivery.id, {
      status: 'failed',
      next_attempt_at: null,
      error: TURNED_OFF_ERROR,
    });
    return 'failed';
  }
  let secret: string;
  try {
    secret = openSecret(deps.config, delivery.secret_sealed);
  } catch {
    // Sealed under a key this server no longer has (a lost two-factor.key): nothing can be signed.
    await endDelivery(
      deps,
      delivery,
      { attempts: delivery.attempts, response_status: null, error: SECRET_UNREADABLE },
      SECRET_UNREADABLE,
    );
    return 'failed';
  }
  const sentAt = deps.clock.now();
  const outcome = await deps.send(
    {
      url: delivery.url,
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mindspend-Webhooks',
        'mindspend-event': delivery.event,
        'mindspend-delivery': String(delivery.id),
        [SIGNATURE_HEADER]: signatureHeader(secret, delivery.payload, sentAt),
      },
    },
    addressPolicy(deps.config),
  );
  return recordOutcome(deps, delivery, outcome);
}

async function recordOutcome(
  deps: DeliveryDeps,
  delivery: DeliveryToSend,
  outcome: SendOutcome,
): Promise<keyof SendSummary> {
  const now = deps.clock.now().toISOString();
  const attempts = delivery.attempts + 1;
  if (outcome.ok) {
    await recordAttempt(deps.db, delivery.id, {
      status: 'delivered',
      attempts,
      response_status: outcome.status,
      error: null,
      next_attempt_at: null,
      delivered_at: now,
    });
    return 'delivered';
  }
  const next = nextWebhookAttempt(delivery.created_at, attempts, now);
  const failed = { attempts, response_status: outcome.status, error: outcome.error };
  if (next !== null) {
    await recordAttempt(deps.db, delivery.id, { ...failed, status: 'pending', next_attempt_at: next });
    return 'retrying';
  }
  await endDelivery(deps, delivery, failed, GAVE_UP_REASON);
  return 'failed';
}

/** Records the delivery failed for good and turns its webhook off, in one transaction. */
async function endDelivery(
  deps: DeliveryDeps,
  delivery: DeliveryToSend,
  failed: { attempts: number; response_status: number | null; error: string },
  reason: string,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // The webhook's row first, then the deliveries: two deliveries of one webhook giving up at once
    // on two processes each held their own delivery and waited for the other's, a deadlock
    // PostgreSQL broke by failing one run (webhooks-race.api.test.ts, on a loaded machine). In this
    // order the second waits for the first to commit, then finds the webhook off.
    const turnedOff = await turnOffSending(trx, delivery.webhook_id, reason, now);
    await recordAttempt(trx, delivery.id, { ...failed, status: 'failed', next_attempt_at: null });
    if (turnedOff) await afterTurningOff(trx, delivery, reason, now);
  });
  deps.logger.warn({ webhookId: delivery.webhook_id, deliveryId: delivery.id, reason }, 'webhook turned off');
}

/** Once this process turned the webhook off: ends its other waiting deliveries and tells its maker, once. */
async function afterTurningOff(
  trx: Kysely<Database>,
  delivery: DeliveryToSend,
  reason: string,
  now: string,
): Promise<void> {
  await endPendingDeliveries(trx, delivery.webhook_id, TURNED_OFF_ERROR);
  await insertNotification(trx, {
    bookId: delivery.book_id,
    ...(delivery.created_by !== null && { userId: delivery.created_by }),
    title: 'A webhook was turned off',
    message:
      reason === GAVE_UP_REASON
        ? `Mindspend stopped sending events to ${delivery.url}: it did not answer with success for a day. Its delivery log in Settings says why; turn it back on there once it works.`
        : `Mindspend stopped sending events to ${delivery.url}: ${reason}`,
    createdAt: now,
  });
}
