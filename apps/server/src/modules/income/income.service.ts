/** Recurring income sources (DECISIONS.md #4): list, create, change, delete, and a month's expected income. */
import type {
  CreateIncomeSourceBody,
  ExpectedIncomeResponse,
  IncomeSource,
  UpdateIncomeSourceBody,
} from '@mindspend/api-contract';
import { X_DAYS_REQUIRED } from '@mindspend/api-contract';
import {
  type IncomeRecurrence,
  type IncomeSourceRule,
  type YearMonth,
  expectedIncome,
  expectedIncomeCents,
  fromCents,
  matchReceived,
  receiptSearchRange,
  toCents,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireAmountsFitBook } from '../../db/book-amounts';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { findAccount } from '../accounts';
import { findEntity } from '../entities';
import {
  type IncomeSourceWithEntity,
  deleteIncomeSource,
  findIncomeSource,
  insertIncomeSource,
  listIncomeReceipts,
  listIncomeSources,
  updateIncomeSource,
} from './income.repo';

function present(row: IncomeSourceWithEntity): IncomeSource {
  return {
    id: row.id,
    account_id: row.account_id,
    entity_id: row.entity_id,
    entity: { id: row.entity_id, name: row.entity_name, name_short: row.entity_name_short },
    amount: fromCents(row.amount_cents),
    start_date: row.start_date,
    recurrence: row.recurrence,
    x_days: row.x_days,
  };
}

function toRule(row: IncomeSourceWithEntity): IncomeSourceRule {
  return {
    id: row.id,
    entityId: row.entity_id,
    amountCents: row.amount_cents,
    startDate: row.start_date,
    recurrence: row.recurrence,
    xDays: row.x_days,
  };
}

async function requireSource(
  db: Kysely<Database>,
  scope: BookScope,
  sourceId: number,
): Promise<IncomeSourceWithEntity> {
  const source = await findIncomeSource(db, scope, sourceId);
  if (!source) throw notFound('Income source');
  return source;
}

/** The account and payor a source refers to must be the user's own (422 otherwise). */
async function checkReferences(
  db: Kysely<Database>,
  scope: BookScope,
  accountId?: number,
  entityId?: number,
): Promise<void> {
  const [account, entity] = await Promise.all([
    accountId === undefined ? true : findAccount(db, scope, accountId),
    entityId === undefined ? true : findEntity(db, scope.bookId, entityId),
  ]);
  const errors: Record<string, string[]> = {};
  if (!account) errors.account_id = ['The selected account does not exist.'];
  if (!entity) errors.entity_id = ['The selected source does not exist.'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** x_days is kept only for every_x_days, where it is required. */
function xDaysFor(recurrence: IncomeRecurrence, xDays: number | null | undefined): number | null {
  if (recurrence !== 'every_x_days') return null;
  if (xDays === undefined || xDays === null) throw validationFailed({ x_days: [X_DAYS_REQUIRED] });
  return xDays;
}

/** The user's income sources, oldest first. */
export async function listSources(deps: AppDeps, scope: BookScope): Promise<IncomeSource[]> {
  return (await listIncomeSources(deps.db, scope)).map(present);
}

/** Saves a recurring income source from the 'Add Recurring Income Source' form. */
export async function createSource(
  deps: AppDeps,
  scope: BookScope,
  body: CreateIncomeSourceBody,
): Promise<IncomeSource> {
  // The body schema has already required these; the checks narrow their types.
  const { account_id: accountId, entity_id: entityId, amount, start_date: startDate, recurrence } = body;
  if (!accountId || !entityId || amount === null || amount === undefined || !startDate || !recurrence) {
    throw validationFailed({ body: ['Fill in every field of the income source.'] });
  }
  const now = isoNow(deps.clock);
  return writeInBook(deps, scope, async (trx) => {
    await checkReferences(trx, scope, accountId, entityId);
    await requireAmountsFitBook(trx, scope.bookId, { amount });
    const { id } = await insertIncomeSource(trx, {
      book_id: scope.bookId,
      account_id: accountId,
      entity_id: entityId,
      amount_cents: toCents(amount),
      start_date: startDate,
      recurrence,
      x_days: xDaysFor(recurrence, body.x_days),
      created_at: now,
      updated_at: now,
    });
    return present(await requireSource(trx, scope, id));
  });
}

/**
 * Changes the fields given; switching to every_x_days needs x_days sent or already stored. Read and
 * merged under the book's write lock, so edits sent at once all land.
 */
export function editSource(
  deps: AppDeps,
  scope: BookScope,
  sourceId: number,
  body: UpdateIncomeSourceBody,
): Promise<IncomeSource> {
  return writeInBook(deps, scope, async (trx) => {
    const source = await requireSource(trx, scope, sourceId);
    await checkReferences(trx, scope, body.account_id, body.entity_id);
    await requireAmountsFitBook(trx, scope.bookId, { amount: body.amount });
    const recurrence = body.recurrence ?? source.recurrence;
    await updateIncomeSource(trx, scope.bookId, sourceId, {
      ...(body.account_id !== undefined && { account_id: body.account_id }),
      ...(body.entity_id !== undefined && { entity_id: body.entity_id }),
      ...(body.amount !== undefined && { amount_cents: toCents(body.amount) }),
      ...(body.start_date !== undefined && { start_date: body.start_date }),
      recurrence,
      x_days: xDaysFor(recurrence, body.x_days === undefined ? source.x_days : body.x_days),
      updated_at: isoNow(deps.clock),
    });
    return present(await requireSource(trx, scope, sourceId));
  });
}

export async function removeSource(deps: AppDeps, scope: BookScope, sourceId: number): Promise<void> {
  await writeInBook(deps, scope, async (trx) => {
    await requireSource(trx, scope, sourceId);
    await deleteIncomeSource(trx, scope.bookId, sourceId);
  });
}

/** A month's expected payments, each marked received when its income transaction has landed: two queries. */
export async function expectedForMonth(
  deps: AppDeps,
  scope: BookScope,
  ym: YearMonth,
): Promise<ExpectedIncomeResponse> {
  const sources = await listIncomeSources(deps.db, scope);
  const payments = expectedIncome(sources.map(toRule), ym);
  const { from, to } = receiptSearchRange(ym);
  const entityIds = [...new Set(payments.map((payment) => payment.entityId))];
  const receipts = await listIncomeReceipts(deps.db, scope, entityIds, from, to);
  const matched = matchReceived(
    payments,
    receipts.map((row) => ({ id: row.id, entityId: row.entity_id, date: row.date })),
  );
  const byId = new Map(sources.map((source) => [source.id, source]));
  const total = matched.reduce((sum, payment) => sum + payment.amountCents, 0);
  const received = matched.reduce((sum, payment) => sum + (payment.received ? payment.amountCents : 0), 0);
  return {
    month: ym.month,
    year: ym.year,
    total: fromCents(total),
    received_total: fromCents(received),
    payments: matched.map((payment) => {
      const source = byId.get(payment.sourceId);
      return {
        source_id: payment.sourceId,
        entity_id: payment.entityId,
        entity_name: source?.entity_name ?? '',
        account_id: source?.account_id ?? 0,
        date: payment.date,
        amount: fromCents(payment.amountCents),
        received: payment.received,
        transaction_id: payment.transactionId,
      };
    }),
  };
}

/** Total income the user's sources are expected to pay in a month (one query), in cents. */
export async function expectedIncomeTotalCents(
  deps: AppDeps,
  scope: BookScope,
  ym: YearMonth,
): Promise<number> {
  const sources = await listIncomeSources(deps.db, scope);
  return expectedIncomeCents(sources.map(toRule), ym);
}
