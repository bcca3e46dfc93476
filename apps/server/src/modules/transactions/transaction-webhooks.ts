/**
 * The webhook events of a transaction's write (DECISIONS.md #94), queued in its transaction: the
 * transaction event itself, and `budget.status_changed` for each of this month's budgets whose
 * status the write moved, when a webhook of the book wants those (the statuses are read before and
 * after the write only then).
 */
import type { WebhookEvent } from '@mindspend/api-contract';
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type BudgetStatusNow, type QueuedEvent, queueWebhookEvents, wantedBy, webhooksOfBook } from '../webhooks';

export interface TransactionEvent {
  event: Extract<WebhookEvent, `transaction.${string}`>;
  accountId: number;
  data: Record<string, unknown>;
}

function statusChanges(
  before: Map<number, BudgetStatusNow>,
  after: Map<number, BudgetStatusNow>,
  scope: BookScope,
  now: string,
): QueuedEvent[] {
  return [...after].flatMap(([budgetId, current]) => {
    const previous = before.get(budgetId);
    if (!previous || previous.status === current.status) return [];
    const data = { budget_id: budgetId, name: current.name, year: current.year, month: current.month, previous_status: previous.status, status: current.status };
    return [{ bookId: scope.bookId, event: 'budget.status_changed' as const, data, now }];
  });
}

/**
 * Runs `write` and queues the events it answers, and the budget statuses it changed; answers the
 * write's result and how many deliveries were queued (the caller tells the sender when any were).
 */
export async function writeWithEvents<T>(
  deps: AppDeps,
  trx: Kysely<Database>,
  scope: BookScope,
  now: string,
  write: () => Promise<{ result: T; events: TransactionEvent[] }>,
): Promise<{ result: T; queued: number }> {
  const webhooks = await webhooksOfBook(trx, scope.bookId);
  const before = wantedBy(webhooks, 'budget.status_changed') ? await deps.webhooks.budgetStatuses(scope, trx) : null;
  const { result, events } = await write();
  if (webhooks.length === 0) return { result, queued: 0 };
  const queued: QueuedEvent[] = events.map((event) => ({ bookId: scope.bookId, event: event.event, data: event.data, accountId: event.accountId, now }));
  if (before) queued.push(...statusChanges(before, await deps.webhooks.budgetStatuses(scope, trx), scope, now));
  return { result, queued: await queueWebhookEvents(trx, queued, webhooks) };
}
