/**
 * The pause list (issue 31; docs/DECISIONS.md #99): pause a purchase with a forecast and a
 * cooling-off period, list the member's pauses with the purchase each may have become, decide,
 * and sum up what pausing did.
 */
import {
  type CreatePauseBody,
  type DecidePauseBody,
  PAUSE_PAYEE_UNKNOWN,
  PAUSE_SUBCATEGORY_UNKNOWN,
  PAUSE_TRANSACTION_UNKNOWN,
  type Pause,
  type PauseSummary,
  type PauseSummaryQuery,
} from '@mindspend/api-contract';
import { coolingOffDays, fromCents, isoDate, localDateIn, matchesPausedAmount, toCents } from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import { requireAmountsFitBook } from '../../db/book-amounts';
import type { RequestBook } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import type { PauseRow } from '../../db/pause-schema';
import { notFound, validationFailed } from '../../lib/http-errors';
import { findSubcategories } from '../categories';
import { findEntity } from '../entities';
import { forecastPurchase } from './pause-forecast.service';
import { presentPause, wireForecast } from './pauses.presenter';
import {
  type RecordedPurchase,
  deletePause,
  entityNamed,
  feltAmong,
  feltExcept,
  findExpense,
  findPause,
  insertPause,
  listPauses,
  purchasesAtPayees,
  updatePause,
} from './pauses.repo';

const DAY_MS = 86_400_000;
const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The person's local date of an instant. */
const localDay = (scope: RequestBook, instant: string): string => isoDate(localDateIn(scope.timeZone, new Date(instant)));

/** Names of the sub-categories among `ids` that the book may use (its own and the default tree). */
async function subcategoryNames(deps: AppDeps, scope: RequestBook, ids: number[]): Promise<Map<number, string>> {
  const rows = await findSubcategories(deps.db, scope.bookId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The pauses with their sub-category names and, for those undecided, the purchase each may have become. */
async function present(deps: AppDeps, scope: RequestBook, rows: PauseRow[]): Promise<Pause[]> {
  const now = deps.clock.now().toISOString();
  const names = await subcategoryNames(deps, scope, rows.flatMap((row) => (row.subcategory_id === null ? [] : [row.subcategory_id])));
  const open = rows.filter((row) => row.decision === null);
  const firstDay = open.map((row) => localDay(scope, row.created_at)).sort()[0];
  const recorded = firstDay === undefined ? [] : await purchasesAtPayees(deps.db, scope, open.map((row) => row.payee), firstDay);
  const matchOf = (row: PauseRow): RecordedPurchase | null => {
    if (row.decision !== null) return null;
    const since = localDay(scope, row.created_at);
    const payee = row.payee.toLowerCase();
    return recorded.find((purchase) => purchase.date >= since && purchase.payee.toLowerCase() === payee && matchesPausedAmount(row.amount_cents, purchase.amountCents)) ?? null;
  };
  return rows.map((row) => presentPause(row, row.subcategory_id === null ? null : (names.get(row.subcategory_id) ?? null), matchOf(row), now));
}

export async function listMemberPauses(deps: AppDeps, scope: RequestBook): Promise<Pause[]> {
  return present(deps, scope, await listPauses(deps.db, scope));
}

async function presentOne(deps: AppDeps, scope: RequestBook, id: number): Promise<Pause> {
  const row = await findPause(deps.db, scope, id);
  if (!row) throw notFound('Pause');
  const [pause] = await present(deps, scope, [row]);
  if (!pause) throw notFound('Pause');
  return pause;
}

/** The payee a pause names: a payee of the book (by id, or a typed name it already has), else the typed name alone. */
async function payeeOf(deps: AppDeps, scope: RequestBook, body: CreatePauseBody): Promise<{ entity: { id: number; name: string } | null; name: string }> {
  if (body.entity_id !== undefined && body.entity_id !== null) {
    const entity = await findEntity(deps.db, scope.bookId, body.entity_id);
    if (!entity) throw validationFailed({ entity_id: [PAUSE_PAYEE_UNKNOWN] });
    return { entity: { id: entity.id, name: entity.name }, name: entity.name };
  }
  const typed = (body.payee ?? '').trim();
  const entity = (await entityNamed(deps.db, scope.bookId, typed)) ?? null;
  return { entity, name: entity?.name ?? typed };
}

export async function createPause(deps: AppDeps, scope: RequestBook, body: CreatePauseBody): Promise<Pause> {
  const amount = body.amount ?? 0;
  await requireAmountsFitBook(deps.db, scope.bookId, { amount });
  const payee = await payeeOf(deps, scope, body);
  const subcategoryId = body.subcategory_id ?? null;
  const subcategoryName = subcategoryId === null ? undefined : (await subcategoryNames(deps, scope, [subcategoryId])).get(subcategoryId);
  if (subcategoryId !== null && subcategoryName === undefined) throw validationFailed({ subcategory_id: [PAUSE_SUBCATEGORY_UNKNOWN] });
  const now = deps.clock.now();
  const amountCents = toCents(amount);
  const feelings = await feelingsOf(deps.db, scope);
  const forecast = await forecastPurchase(
    deps.db,
    scope,
    feelings,
    {
      payee: payee.entity,
      subcategory: subcategoryId === null || subcategoryName === undefined ? null : { id: subcategoryId, name: subcategoryName },
      amountCents,
      paymentMethod: body.payment_method ?? null,
    },
    localDateIn(scope.timeZone, now),
  );
  const days = body.cooling_off_days ?? coolingOffDays(forecast.regretRate);
  const row = await insertPause(deps.db, {
    book_id: scope.bookId,
    user_id: scope.userId,
    entity_id: payee.entity?.id ?? null,
    payee: payee.name,
    subcategory_id: subcategoryId,
    amount_cents: amountCents,
    payment_method: body.payment_method ?? null,
    note: body.note?.trim() || null,
    forecast: JSON.stringify(wireForecast(forecast)),
    cooling_off_days: days,
    created_at: now.toISOString(),
    remind_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    reminded_at: null,
    decision: null,
    decided_at: null,
    transaction_id: null,
  });
  return presentOne(deps, scope, row.id);
}

export async function decidePause(deps: AppDeps, scope: RequestBook, id: number, body: DecidePauseBody): Promise<Pause> {
  if (!(await findPause(deps.db, scope, id))) throw notFound('Pause');
  const transactionId = body.decision === 'bought' ? (body.transaction_id ?? null) : null;
  if (transactionId !== null && !(await findExpense(deps.db, scope, transactionId))) {
    throw validationFailed({ transaction_id: [PAUSE_TRANSACTION_UNKNOWN] });
  }
  await updatePause(deps.db, scope, id, { decision: body.decision, decided_at: deps.clock.now().toISOString(), transaction_id: transactionId });
  return presentOne(deps, scope, id);
}

export async function removePause(deps: AppDeps, scope: RequestBook, id: number): Promise<void> {
  if (!(await deletePause(deps.db, scope, id))) throw notFound('Pause');
}

/**
 * What pausing did over the pauses written in the range (the person's local dates): what was
 * skipped and bought, and how the purchases bought after a pause were felt against every other
 * felt purchase of the range.
 */
export async function pauseSummary(deps: AppDeps, scope: RequestBook, query: PauseSummaryQuery): Promise<PauseSummary> {
  const inRange = (await listPauses(deps.db, scope)).filter((row) => {
    const day = localDay(scope, row.created_at);
    return day >= query.from && day <= query.to;
  });
  const decided = (decision: 'skipped' | 'bought') => {
    const rows = inRange.filter((row) => row.decision === decision);
    return { count: rows.length, total: fromCents(rows.reduce((sum, row) => sum + row.amount_cents, 0)) };
  };
  const boughtIds = inRange.flatMap((row) => (row.decision === 'bought' && row.transaction_id !== null ? [row.transaction_id] : []));
  const feelings = await feelingsOf(deps.db, scope);
  const [among, rest] = await Promise.all([feltAmong(deps.db, feelings, boughtIds), feltExcept(deps.db, feelings, query, boughtIds)]);
  return {
    from: query.from,
    to: query.to,
    skipped: decided('skipped'),
    bought: decided('bought'),
    undecided: inRange.filter((row) => row.decision === null).length,
    after_pause: { felt: among.felt, regretted: among.regretted, rate: rate(among.regretted, among.felt) },
    rest: { felt: rest.felt, regretted: rest.regretted, rate: rate(rest.regretted, rest.felt) },
  };
}
