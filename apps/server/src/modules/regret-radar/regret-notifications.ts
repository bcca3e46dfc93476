/**
 * The regret radar's notification (issue 16; docs/DECISIONS.md #57): when new expenses — typed,
 * imported or synced — land at a payee or in a sub-category the person has mostly regretted in the
 * six months before them, one notice says so: 'You regretted 4 of your last 5 purchases at Corner
 * Bar.'. At most one per payee (or sub-category) and local day, so an import of 50 rows at one
 * place rings once; the caller's `writeInBook` transaction holds the book's lock, and the unique
 * `notifications_once` index (migration 0022) keeps it once on any number of server processes.
 */
import {
  type CurrencyCode,
  type RegretWarning,
  dayNumber,
  formatShortDate,
  formatStoredAmount,
  fromDayNumber,
  localDateIn,
  mustParse,
  regretWarningFor,
  regretWarningSentence,
  regretWindowStart,
  toIso,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type BookScope, bookCurrency } from '../../db/book-scope';
import { type Feelings, feelingsOf } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { insertNotificationsOnce } from '../notifications';
import { historiesOf } from './month-regret-index';
import { feltDaysByPayee, feltDaysBySubcategory, placeNames } from './regret-radar.repo';

/** An expense just written (not a transfer leg). */
export interface NewExpense {
  /** `YYYY-MM-DD`. */
  date: string;
  amountCents: number;
  entityId: number | null;
  subcategoryIds: readonly number[];
}

/** A new expense from the values a write stores and its split lines. */
export function newExpense(
  values: { date: string; amount_cents: number; entity_id: number | null },
  lines: ReadonlyArray<{ subcategoryId: number }>,
): NewExpense {
  return { date: values.date, amountCents: values.amount_cents, entityId: values.entity_id, subcategoryIds: lines.map((line) => line.subcategoryId) };
}

/** Expenses dated further back than this (an old statement imported) ring no bell. */
export const REGRET_NOTICE_RECENT_DAYS = 30;
export const REGRET_NOTICE_TITLE = 'Regret radar';

function message(warning: RegretWarning, expense: NewExpense, currency: CurrencyCode): string {
  const where = warning.basis === 'payee' ? 'there' : `in ${warning.name}`;
  return `${regretWarningSentence(warning)} You just recorded ${formatStoredAmount(expense.amountCents, currency)} ${where}, dated ${formatShortDate(mustParse(expense.date))}.`;
}

/** The warning each expense meets (null for none), weighed against the felt purchases before it. */
async function weigh(trx: Kysely<Database>, feelings: Feelings, expenses: readonly NewExpense[]): Promise<Array<RegretWarning | null>> {
  const { bookId } = feelings;
  const placed = expenses.filter((expense) => expense.entityId !== null || expense.subcategoryIds.length > 0);
  if (placed.length === 0) return expenses.map(() => null);
  const entityIds = [...new Set(placed.flatMap((expense) => (expense.entityId === null ? [] : [expense.entityId])))];
  const subcategoryIds = [...new Set(placed.flatMap((expense) => expense.subcategoryIds))];
  const dates = placed.map((expense) => expense.date).sort();
  const first = dates[0] ?? '';
  const scope = { bookId, feelings, from: regretWindowStart(first), to: dates[dates.length - 1] ?? first };
  const payees = historiesOf(entityIds.length ? await feltDaysByPayee(trx, { ...scope, places: entityIds }) : []);
  const subcategories = historiesOf(subcategoryIds.length ? await feltDaysBySubcategory(trx, { ...scope, places: subcategoryIds }) : []);
  if (payees.size === 0 && subcategories.size === 0) return expenses.map(() => null);
  const named = await placeNames(trx, bookId, [...payees.keys()], [...subcategories.keys()]);
  return expenses.map((expense) => {
    const payee = expense.entityId === null ? null : { id: expense.entityId, name: named.entities.get(expense.entityId) ?? '', history: payees.get(expense.entityId) };
    const lines = expense.subcategoryIds.map((id) => ({ id, name: named.subcategories.get(id) ?? '', history: subcategories.get(id) }));
    return regretWarningFor(expense.date, payee, lines);
  });
}

/**
 * Weighs the new expenses and adds the notices due, inside the caller's transaction (which must
 * hold the book's write lock). Returns each expense's warning (null for none), which a typed
 * expense's answer carries; only expenses of the last 30 days ring.
 */
export async function notifyRegretRadar(
  trx: Kysely<Database>,
  scope: BookScope,
  expenses: readonly NewExpense[],
  now: string,
): Promise<Array<RegretWarning | null>> {
  if (expenses.length === 0) return [];
  const { bookId, userId } = scope;
  // The acting member's own feelings warn them (db/feelings.ts), and the notice is theirs alone
  // (DECISIONS.md #84): it names a purchase, which may be in their private account.
  const feelings = await feelingsOf(trx, scope);
  const warnings = await weigh(trx, feelings, expenses);
  if (warnings.every((warning) => warning === null)) return warnings;
  const localToday = localDateIn(scope.timeZone, new Date(now));
  const today = toIso(localToday);
  const since = toIso(fromDayNumber(dayNumber(localToday) - REGRET_NOTICE_RECENT_DAYS));

  // One notice per place: the latest of its new expenses speaks for the others.
  const due = new Map<string, { warning: RegretWarning; expense: NewExpense }>();
  expenses.forEach((expense, index) => {
    const warning = warnings[index];
    if (!warning || expense.date < since) return;
    // In a shared book each member may be warned of the same place on the same day.
    const key = `regret:${warning.basis}:${warning.id}:${today}${feelings.shared ? `:u${userId}` : ''}`;
    const earlier = due.get(key);
    if (!earlier || earlier.expense.date <= expense.date) due.set(key, { warning, expense });
  });
  if (due.size > 0) {
    const currency = await bookCurrency(trx, bookId);
    await insertNotificationsOnce(
      trx,
      [...due].map(([onceKey, { warning, expense }]) => ({ bookId, userId, title: REGRET_NOTICE_TITLE, message: message(warning, expense, currency), createdAt: now, onceKey })),
    );
  }
  return warnings;
}
