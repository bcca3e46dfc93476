/**
 * What a verified Plaid webhook does (DECISIONS.md #112): SYNC_UPDATES_AVAILABLE syncs that item
 * through the schedule's path, under the link's lease; ITEM ERROR with ITEM_LOGIN_REQUIRED marks
 * the link "re-link needed"; PENDING_EXPIRATION (and PENDING_DISCONNECT) leave a notice. An item
 * no link knows is answered 200 all the same (Plaid would retry it for days) and only logged.
 */
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { markPlaidItemRelink, noticePlaidItem, plaidLinksOfItem } from './plaid-webhook.repo';
import { retryWhileBusy } from './link-lease';
import { type LeasedSyncOutcome, syncUnderLease } from './scheduled-sync';

/** The fields read; Plaid adds others, and new webhook types, which are let pass. */
export const plaidWebhookSchema = z.object({
  webhook_type: z.string().max(100),
  webhook_code: z.string().max(100),
  item_id: z.string().max(200).optional(),
  error: z.object({ error_code: z.string().max(200).optional() }).nullish(),
  consent_expiration_time: z.string().max(100).nullish(),
});
export type PlaidWebhook = z.infer<typeof plaidWebhookSchema>;

/** How long a webhook waits for a sync another process is running before it leaves the link to the schedule. */
const BUSY_WAIT_MS = 5_000;

export const RELINK_WORDS = 'Re-link needed: the bank asks you to sign in again (Plaid says the login is no longer valid).';

export type WebhookEffect = 'synced' | 'sync-failed' | 'busy' | 'relink' | 'notice' | 'ignored' | 'unknown-item';

export async function handlePlaidWebhook(deps: AppDeps, webhook: PlaidWebhook, holder: string): Promise<WebhookEffect> {
  const kind = `${webhook.webhook_type}/${webhook.webhook_code}`;
  const known = new Set(['TRANSACTIONS/SYNC_UPDATES_AVAILABLE', 'ITEM/ERROR', 'ITEM/PENDING_EXPIRATION', 'ITEM/PENDING_DISCONNECT']);
  if (!known.has(kind) || !webhook.item_id) return 'ignored';
  const links = await plaidLinksOfItem(deps.db, webhook.item_id);
  if (links.length === 0) {
    // Logged by the kind and the item's id only: a webhook carries no secret, and the id is Plaid's.
    deps.logger.info({ webhook: kind, itemId: webhook.item_id.slice(0, 100) }, 'Plaid webhook for an item no link has');
    return 'unknown-item';
  }
  if (kind === 'TRANSACTIONS/SYNC_UPDATES_AVAILABLE') {
    let effect: WebhookEffect = 'synced';
    for (const link of links) effect = syncEffect(await syncWhenFree(deps, link.id, holder));
    return effect;
  }
  if (kind === 'ITEM/ERROR') {
    if (webhook.error?.error_code !== 'ITEM_LOGIN_REQUIRED') return 'ignored';
    for (const link of links) {
      await markPlaidItemRelink(deps.db, link.id);
      await noticePlaidItem(deps.db, link.id, RELINK_WORDS);
    }
    return 'relink';
  }
  const ends = expiryWords(webhook.consent_expiration_time);
  for (const link of links) await noticePlaidItem(deps.db, link.id, `Your bank's consent for Mindspend ${ends}: sign in again to keep importing.`);
  return 'notice';
}

/** The lease is held while another process syncs this link: wait a little, then leave it to the schedule. */
async function syncWhenFree(deps: AppDeps, id: number, holder: string): Promise<LeasedSyncOutcome> {
  let outcome: LeasedSyncOutcome = 'busy';
  await retryWhileBusy(async () => {
    outcome = await syncUnderLease(deps, id, holder, { onlyWhenDue: false });
    return outcome !== 'busy';
  }, BUSY_WAIT_MS);
  return outcome;
}

function syncEffect(outcome: LeasedSyncOutcome): WebhookEffect {
  if (outcome === 'failed') return 'sync-failed';
  if (outcome === 'skipped') return 'ignored';
  return outcome;
}

function expiryWords(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'ends soon';
  return `ends on ${date.toISOString().slice(0, 10)}`;
}
