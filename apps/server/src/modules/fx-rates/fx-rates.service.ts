/**
 * Exchange rates of the request's book (issue 27, DECISIONS.md #87): the rates of a span of days
 * in the book's base currency, a member's own rate for a day (editors and owners), and the rate
 * that holds on a day with the day it comes from.
 */
import {
  type FxRate,
  type FxRateOn,
  type FxRatesQuery,
  type FxRatesResponse,
  RATE_DATE_IN_FUTURE,
  RATE_LIST_MAX_DAYS,
  RATE_OF_BASE_CURRENCY,
  RATE_RANGE_BACKWARDS,
  RATE_RANGE_TOO_LONG,
  noRateMessage,
} from '@mindspend/api-contract';
import { type CurrencyCode, EUR_PER_EUR, crossRate, currencyCode, daysBetween, isoDate, localDateIn, ratesByDay } from '@mindspend/domain';
import { type BookScope, writeInBook } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { HttpError, validationFailed } from '../../lib/http-errors';
import { ecbFiguresBetween } from './ecb-rates.repo';
import { bookBaseCurrency, deleteManualRate, manualRatesBetween, upsertManualRate } from './fx-rates.repo';
import { latestEcbRate, rateOn } from './rate-on';
import { recomputeBaseAmounts } from './recompute-base-amounts';

/** Days GET /fx-rates lists when no `from` is given: a month back from `to`. */
const DEFAULT_SPAN_DAYS = 30;

/** `YYYY-MM-DD` `days` days before `day`. */
function daysBefore(day: string, days: number): string {
  const time = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The person's today, in their own zone (DECISIONS.md #85). */
const todayOf = (deps: AppDeps, scope: BookScope): string => isoDate(localDateIn(scope.timeZone, deps.clock.now()));

/** Each currency's rates derived from the ECB's figures of each day, by currency then day. */
function derivedRates(rows: readonly { currency: string; date: string; per_eur: string }[], base: CurrencyCode, only: CurrencyCode | undefined) {
  const days = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const figures = days.get(row.date) ?? new Map<string, string>([['EUR', EUR_PER_EUR]]);
    figures.set(row.currency, row.per_eur);
    days.set(row.date, figures);
  }
  const byCurrency = new Map<string, Map<string, string>>();
  for (const [date, figures] of days) {
    const perEurOfBase = figures.get(base);
    if (perEurOfBase === undefined) continue; // a base the ECB does not quote has manual rates only
    for (const [currency, perEur] of figures) {
      if (currency === base || (only !== undefined && currency !== only)) continue;
      const rates = byCurrency.get(currency) ?? new Map<string, string>();
      rates.set(date, crossRate(perEur, perEurOfBase));
      byCurrency.set(currency, rates);
    }
  }
  return byCurrency;
}

/** The rates of one currency (or all) from `from` to `to` in the book's base currency, newest day first. */
export async function listRates(deps: AppDeps, scope: BookScope, query: FxRatesQuery): Promise<FxRatesResponse> {
  const to = query.to ?? todayOf(deps, scope);
  const from = query.from ?? daysBefore(to, DEFAULT_SPAN_DAYS);
  if (from > to) throw validationFailed({ from: [RATE_RANGE_BACKWARDS] });
  if (daysBetween(from, to) >= RATE_LIST_MAX_DAYS) throw validationFailed({ to: [RATE_RANGE_TOO_LONG] });
  const base = await bookBaseCurrency(deps.db, scope.bookId);
  const only = query.currency === undefined ? undefined : currencyCode(query.currency);
  if (only === base) return { base_currency: base, from, to, rates: [] };
  const codes = only === undefined ? null : [only, base].filter((code) => code !== 'EUR');
  const [figures, manual] = await Promise.all([
    ecbFiguresBetween(deps.db, codes, from, to),
    manualRatesBetween(deps.db, { bookId: scope.bookId, base, currency: only }, from, to),
  ]);
  const derived = derivedRates(figures, base, only);
  const own = new Map<string, Map<string, string>>();
  for (const row of manual) own.set(row.currency, (own.get(row.currency) ?? new Map<string, string>()).set(row.date, row.rate));
  const currencies = [...new Set([...derived.keys(), ...own.keys()])].sort();
  const rates: FxRate[] = currencies.flatMap((currency) =>
    ratesByDay(derived.get(currency) ?? new Map(), own.get(currency) ?? new Map()).map((day) => ({
      currency,
      date: day.date,
      rate: day.rate,
      source: day.source,
      ecb_rate: day.ecbRate,
    })),
  );
  rates.sort((a, b) => (a.date === b.date ? a.currency.localeCompare(b.currency) : a.date < b.date ? 1 : -1));
  return { base_currency: base, from, to, rates };
}

/** The code of a path that the contract has checked. */
const checkedCode = (code: string): CurrencyCode => currencyCode(code);

/**
 * Enters (or replaces) the member's own rate of a currency for a day, in the book's base currency
 * as it is now: it wins over the ECB's that day. Not for the base itself, nor a day after today.
 */
export async function setManualRate(deps: AppDeps, scope: BookScope, params: { currency: string; date: string }, rate: string): Promise<FxRate> {
  const currency = checkedCode(params.currency);
  if (params.date > todayOf(deps, scope)) throw validationFailed({ date: [RATE_DATE_IN_FUTURE] });
  return writeInBook(deps, scope, async (trx): Promise<FxRate> => {
    const base = await bookBaseCurrency(trx, scope.bookId);
    if (currency === base) throw validationFailed({ currency: [RATE_OF_BASE_CURRENCY] });
    await upsertManualRate(trx, { bookId: scope.bookId, base, currency, date: params.date }, { rate, userId: scope.userId, now: isoNow(deps.clock) });
    // The figures this rate now gives change with it, in the same transaction (DECISIONS.md #90).
    await recomputeBaseAmounts(trx, scope.bookId, currency, params.date);
    const ecb = await latestEcbRate(trx, currency, base, params.date);
    return { currency, date: params.date, rate, source: 'manual', ecb_rate: ecb?.date === params.date ? ecb.rate : null };
  });
}

/** Removes the member's own rate of a day, so the ECB's (or the latest earlier one) holds again; 404 without one. */
export async function removeManualRate(deps: AppDeps, scope: BookScope, params: { currency: string; date: string }): Promise<void> {
  const currency = checkedCode(params.currency);
  await writeInBook(deps, scope, async (trx) => {
    const base = await bookBaseCurrency(trx, scope.bookId);
    const deleted = await deleteManualRate(trx, { bookId: scope.bookId, base, currency, date: params.date });
    if (!deleted) throw new HttpError(404, `There is no rate of your own for ${currency} on ${params.date}.`);
    await recomputeBaseAmounts(trx, scope.bookId, currency, params.date);
  });
}

/** GET /fx-rates/{currency}/{date}: the rate that holds and the day it comes from; 422 when no day on or before it has one. */
export async function rateOnAnswer(deps: AppDeps, scope: BookScope, params: { currency: string; date: string }): Promise<FxRateOn> {
  const currency = checkedCode(params.currency);
  const found = await rateOn(deps.db, scope.bookId, currency, params.date);
  if (!found) throw validationFailed({ date: [noRateMessage(currency, params.date)] });
  return { currency, base_currency: found.base, requested_date: params.date, date: found.date, rate: found.rate, source: found.source };
}
