/**
 * A person's devices and quiet hours for push nudges (DECISIONS.md #103). Devices are the person's
 * own, whatever book they act in: another person's id answers 404. Subscribing the same endpoint
 * again (a browser renewing its keys) updates that device and answers the same id.
 */
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  type CreatePushSubscriptionBody,
  type PushSettings,
  type PushSubscription,
} from '@mindspend/api-contract';
import { deviceLabel } from '@mindspend/domain';
import { writeAsUser } from '../../db/locked-writes';
import type { PushSubscriptionRow } from '../../db/push-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { WEBHOOK_ADDRESS_PRIVATE, addressPolicy, refusedUrl } from '../webhooks';
import {
  countSubscriptions,
  deleteSubscriptionRow,
  findSubscriptionByEndpoint,
  insertSubscription,
  listSubscriptionRows,
  quietHoursRow,
  setQuietHours,
  updateSubscription,
} from './push.repo';
import type { VapidKeys } from './vapid-keys';

export type KeysOf = () => VapidKeys | null;

function present(row: PushSubscriptionRow): PushSubscription {
  return {
    id: row.id,
    label: row.label,
    service: new URL(row.endpoint).host,
    created_at: row.created_at,
    last_sent_at: row.last_sent_at,
  };
}

function requireKeys(keys: KeysOf): VapidKeys {
  const found = keys();
  if (!found) throw new HttpError(404, PUSH_MESSAGES.pushOff);
  return found;
}

/** The server's VAPID public key, for PushManager.subscribe. */
export function publicKey(keys: KeysOf): { public_key: string } {
  return { public_key: requireKeys(keys).publicKey };
}

export async function listSubscriptions(
  deps: AppDeps,
  userId: number,
): Promise<{ subscriptions: PushSubscription[] }> {
  return { subscriptions: (await listSubscriptionRows(deps.db, userId)).map(present) };
}

/** Refuses an endpoint the server will not post to (the webhooks' rules: https and public addresses in production). */
function checkEndpoint(deps: AppDeps, endpoint: string): void {
  const refused = refusedUrl(new URL(endpoint), addressPolicy(deps.config));
  if (refused)
    throw validationFailed({
      endpoint: [
        refused === WEBHOOK_ADDRESS_PRIVATE ? PUSH_MESSAGES.endpointPrivate : PUSH_MESSAGES.endpointInvalid,
      ],
    });
}

/** Adds the device, or updates the one with this endpoint; `created` says which. */
export async function subscribe(
  deps: AppDeps,
  keys: KeysOf,
  userId: number,
  body: CreatePushSubscriptionBody,
  userAgent: string | undefined,
): Promise<{ subscription: PushSubscription; created: boolean }> {
  requireKeys(keys);
  checkEndpoint(deps, body.endpoint);
  const now = isoNow(deps.clock);
  return writeAsUser(deps, userId, async (trx) => {
    const existing = await findSubscriptionByEndpoint(trx, userId, body.endpoint);
    if (existing) {
      const row = await updateSubscription(trx, userId, existing.id, {
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        ...(body.label !== undefined && { label: body.label }),
        updated_at: now,
      });
      return { subscription: present(row), created: false };
    }
    if ((await countSubscriptions(trx, userId)) >= MAX_PUSH_SUBSCRIPTIONS)
      throw validationFailed({ endpoint: [PUSH_MESSAGES.tooMany] });
    const row = await insertSubscription(trx, {
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      label: body.label ?? deviceLabel(userAgent),
      created_at: now,
      updated_at: now,
      last_sent_at: null,
    });
    return { subscription: present(row), created: true };
  });
}

export async function unsubscribe(deps: AppDeps, userId: number, id: number): Promise<void> {
  await writeAsUser(deps, userId, async (trx) => {
    if (!(await deleteSubscriptionRow(trx, userId, id))) throw new HttpError(404, PUSH_MESSAGES.notFound);
  });
}

export async function pushSettings(deps: AppDeps, userId: number): Promise<PushSettings> {
  const row = await quietHoursRow(deps.db, userId);
  if (!row) throw notFound('User');
  return { quiet_start: row.push_quiet_start, quiet_end: row.push_quiet_end };
}

export async function updatePushSettings(
  deps: AppDeps,
  userId: number,
  body: PushSettings,
): Promise<PushSettings> {
  await writeAsUser(deps, userId, (trx) => setQuietHours(trx, userId, body.quiet_start, body.quiet_end));
  return { quiet_start: body.quiet_start, quiet_end: body.quiet_end };
}
