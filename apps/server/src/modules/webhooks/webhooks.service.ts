/**
 * A book's webhooks (DECISIONS.md #94): an owner adds, changes, turns off and deletes them and reads
 * their delivery logs; other members get 403, as for the book's other settings. The secret is
 * answered once, when the webhook is made, and kept sealed.
 */
import {
  BOOK_OWNER_ONLY,
  type CreatedWebhook,
  MAX_WEBHOOKS_PER_BOOK,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  createWebhookBody,
  updateWebhookBody,
} from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type BookScope, type RequestBook, memberRole, writeInBook } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/webhook-schema';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors';
import { refusedUrl } from './webhook-address';
import { TURNED_OFF_ERROR, addressPolicy } from './webhook-delivery';
import { newWebhookSecret, sealSecret } from './webhook-secrets';
import {
  countWebhooks,
  deleteWebhookRow,
  endPendingDeliveries,
  findWebhookRow,
  insertWebhook,
  lastDeliveries,
  listDeliveryRows,
  listWebhookRows,
  updateWebhookRow,
} from './webhooks.repo';

/** A webhook's log as Settings shows it: the newest deliveries. */
export const DELIVERIES_SHOWN = 50;
export const TOO_MANY_WEBHOOKS = `A book can have ${MAX_WEBHOOKS_PER_BOOK} webhooks. Delete one you no longer use first.`;

function present(row: WebhookRow, last: WebhookDeliveryRow | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(',') as WebhookEvent[],
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    last_delivery: last
      ? { status: last.status, created_at: last.created_at, response_status: last.response_status }
      : null,
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    error: row.error,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    next_attempt_at: row.next_attempt_at,
  };
}

function requireOwnerRole(book: RequestBook): void {
  if (book.role !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
}

/** Checked again under the book's lock: an owner made an editor while a change waited writes nothing. */
async function requireOwner(trx: Kysely<Database>, scope: BookScope): Promise<void> {
  if ((await memberRole(trx, scope)) !== 'owner') throw new HttpError(403, BOOK_OWNER_ONLY);
}

function checkUrl(deps: AppDeps, url: string): void {
  const refused = refusedUrl(new URL(url), addressPolicy(deps.config));
  if (refused) throw validationFailed({ url: [refused] });
}

export async function listWebhooks(deps: AppDeps, book: RequestBook): Promise<{ webhooks: Webhook[] }> {
  requireOwnerRole(book);
  const [rows, lasts] = await Promise.all([
    listWebhookRows(deps.db, book.bookId),
    lastDeliveries(deps.db, book.bookId),
  ]);
  const lastOf = new Map(lasts.map((row) => [row.webhook_id, row]));
  return { webhooks: rows.map((row) => present(row, lastOf.get(row.id))) };
}

export async function createWebhook(
  deps: AppDeps,
  book: RequestBook,
  body: z.output<typeof createWebhookBody>,
): Promise<CreatedWebhook> {
  requireOwnerRole(book);
  checkUrl(deps, body.url);
  const secret = body.secret ?? newWebhookSecret();
  const now = isoNow(deps.clock);
  const row = await writeInBook(deps, book, async (trx) => {
    await requireOwner(trx, book);
    if ((await countWebhooks(trx, book.bookId)) >= MAX_WEBHOOKS_PER_BOOK)
      throw validationFailed({ url: [TOO_MANY_WEBHOOKS] });
    return insertWebhook(trx, {
      book_id: book.bookId,
      created_by: book.userId,
      url: body.url,
      events: body.events.join(','),
      secret_sealed: sealSecret(deps.config, secret),
      enabled: 1,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    });
  });
  return { ...present(row, undefined), secret };
}

/** Changes the URL or events, or turns it on or off; turning it off ends its waiting deliveries. */
export async function updateWebhook(
  deps: AppDeps,
  book: RequestBook,
  id: number,
  body: z.output<typeof updateWebhookBody>,
): Promise<Webhook> {
  requireOwnerRole(book);
  if (body.url !== undefined) checkUrl(deps, body.url);
  const now = isoNow(deps.clock);
  const row = await writeInBook(deps, book, async (trx) => {
    await requireOwner(trx, book);
    const existing = await findWebhookRow(trx, book.bookId, id);
    if (!existing) throw notFound('Webhook');
    await updateWebhookRow(trx, book.bookId, id, {
      ...(body.url !== undefined && { url: body.url }),
      ...(body.events !== undefined && { events: body.events.join(',') }),
      ...(body.enabled !== undefined && { enabled: body.enabled ? 1 : 0, disabled_reason: null }),
      updated_at: now,
    });
    if (body.enabled === false) await endPendingDeliveries(trx, id, TURNED_OFF_ERROR);
    return (await findWebhookRow(trx, book.bookId, id)) ?? existing;
  });
  const last = (await listDeliveryRows(deps.db, book.bookId, id, 1))[0];
  return present(row, last);
}

export async function deleteWebhook(deps: AppDeps, book: RequestBook, id: number): Promise<void> {
  requireOwnerRole(book);
  await writeInBook(deps, book, async (trx) => {
    await requireOwner(trx, book);
    if (!(await deleteWebhookRow(trx, book.bookId, id))) throw notFound('Webhook');
  });
}

export async function listDeliveries(
  deps: AppDeps,
  book: RequestBook,
  id: number,
): Promise<{ deliveries: WebhookDelivery[] }> {
  requireOwnerRole(book);
  if (!(await findWebhookRow(deps.db, book.bookId, id))) throw notFound('Webhook');
  const rows = await listDeliveryRows(deps.db, book.bookId, id, DELIVERIES_SHOWN);
  return { deliveries: rows.map(presentDelivery) };
}
