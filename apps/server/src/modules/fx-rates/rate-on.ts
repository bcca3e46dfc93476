/**
 * The rate of a currency in a book's base currency on a day (DECISIONS.md #87): the ECB's euro
 * figures turned into a cross rate, a member's manual rate over it, and the latest earlier day's
 * rate when the day has none. What base amounts are computed with.
 */
import { type CurrencyCode, type DatedRate, EUR_PER_EUR, crossRate, latestRateOn } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { latestEcbFigures } from './ecb-rates.repo';
import { bookBaseCurrency, latestManualRate } from './fx-rates.repo';

const EUR = 'EUR';

/** The rate that holds, the day it belongs to and where it came from (`base`: the base currency itself, 1). */
export interface RateOn {
  rate: string;
  date: string;
  source: DatedRate['source'] | 'base';
  base: CurrencyCode;
}

/**
 * The ECB-derived rate of `currency` in `base` on the latest day on or before `day` when the ECB
 * gave both a figure (the euro's is 1), or null.
 */
export async function latestEcbRate(db: Kysely<Database>, currency: CurrencyCode, base: CurrencyCode, day: string): Promise<DatedRate | null> {
  const [first, second] = [currency, base].filter((code) => code !== EUR);
  if (first === undefined) return null; // currency and base both EUR: callers never ask
  const found = await latestEcbFigures(db, second === undefined ? [first] : [first, second], day);
  if (!found) return null;
  const perEur = (code: CurrencyCode): string => (code === EUR ? EUR_PER_EUR : (found.perEur.get(code) ?? ''));
  return { date: found.date, rate: crossRate(perEur(currency), perEur(base)), source: 'ecb' };
}

/**
 * How many units of the book's base currency one unit of `currency` was worth on `day`, the day
 * whose rate that is and its source; null when there is no rate on or before the day. Takes the
 * database or a transaction, so a write can convert inside its own.
 */
export async function rateOn(db: Kysely<Database>, bookId: number, currency: CurrencyCode, day: string): Promise<RateOn | null> {
  const base = await bookBaseCurrency(db, bookId);
  if (currency === base) return { rate: '1', date: day, source: 'base', base };
  // One after the other: on a transaction both would queue on its one connection anyway.
  const manual = await latestManualRate(db, { bookId, base, currency, date: day });
  const ecb = await latestEcbRate(db, currency, base, day);
  const candidates: DatedRate[] = [...(manual ? [{ ...manual, source: 'manual' as const }] : []), ...(ecb ? [ecb] : [])];
  const chosen = latestRateOn(candidates, day);
  return chosen && { ...chosen, base };
}
