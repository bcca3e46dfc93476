/**
 * Net worth at the end of each month from balance readings and each day's net change, by the
 * same rule as the accounts screen's ending balance (spec §9; docs/DECISIONS.md #53).
 */
import type { CurrencyCode } from '../currency/currency-code';
import { convert } from '../currency/exchange';
import { hundredthsOf, moneyFromHundredths } from '../currency/stored-hundredths';
import { cardOwedCents } from '../ledger/balances';
import { monthRange } from '../ledger/transactions';
import type { Cents } from '../money';
import type { YearMonth } from '../months';
import { reportMonthKey } from './range';

/** A balance reading of an account (account_balances), oldest first per account. */
export interface BalanceReading {
  /** `YYYY-MM-DD` */
  date: string;
  availableCents: Cents;
  currentCents: Cents;
}

export interface NetWorthAccount {
  id: number;
  /** A card: what it shows is owed, so it counts against net worth. */
  liability: boolean;
  /** Oldest first. */
  readings: readonly BalanceReading[];
  /**
   * Net change of the days after the latest reading before the range's first day, up to the day
   * before it: what the range's days alone do not hold. 0 (or absent) without such a reading.
   */
  carryCents?: Cents;
  /**
   * For an account kept in another currency than the book's (DECISIONS.md #90): its readings,
   * carry and days are in its own currency, and its balance at each month's end is counted in
   * the base at that day's rate. A month end without a rate leaves the account uncounted that
   * month rather than counting euros as dollars.
   */
  conversion?: { currency: CurrencyCode; base: CurrencyCode; rateOnMonthEnd: ReadonlyMap<string, string | null> };
}

/** An account's balance in the book's base currency, or null when its month end has no rate. */
function inBase(account: NetWorthAccount, balance: Cents, monthEnd: string): Cents | null {
  const conversion = account.conversion;
  if (!conversion) return balance;
  const rate = conversion.rateOnMonthEnd.get(monthEnd);
  const money = moneyFromHundredths(balance, conversion.currency);
  if (!rate || !money) return null;
  return hundredthsOf(convert(money, rate, conversion.base));
}

/** Income minus expenses of one account on one day of the range, transfer legs included (they move balances). */
export interface DayNet {
  accountId: number;
  /** `YYYY-MM-DD` */
  date: string;
  netCents: Cents;
}

export interface NetWorthMonth {
  /** `YYYY-MM` */
  month: string;
  /** Accounts that existed by the month's end: those with a balance read on or before it. */
  accountsCounted: number;
  assetsCents: Cents;
  liabilitiesCents: Cents;
  netWorthCents: Cents;
}

/** The checking subtype that makes an account a card (spec §3), as the API stores it. */
const CARD_SUBTYPE = 'credit card';
const CARD_TYPE = 'Credit card';

/** Whether an account is a card, whose balance is a debt: the Credit card type or a checking account of the card subtype. */
export function isLiabilityAccount(typeName: string, subtype: string | null): boolean {
  return typeName === CARD_TYPE || subtype?.toLowerCase() === CARD_SUBTYPE;
}

/** The reading that applies at the end of a month: the latest on or before it, else the first (as the accounts screen does). */
export function readingForMonthEnd(readings: readonly BalanceReading[], monthEnd: string): BalanceReading | undefined {
  let applied: BalanceReading | undefined;
  for (const reading of readings) {
    if (reading.date <= monthEnd) applied = reading;
    else break;
  }
  return applied ?? readings[0];
}

/** Running sums of an account's day nets, sorted by date, for the net change between two dates. */
class DayNetSums {
  private readonly dates: string[] = [];
  private readonly running: Cents[] = [0];

  constructor(days: readonly DayNet[]) {
    const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const day of sorted) {
      this.dates.push(day.date);
      this.running.push((this.running.at(-1) ?? 0) + day.netCents);
    }
  }

  /** How many days fall on or before `date`. */
  private countUpTo(date: string): number {
    let low = 0;
    let high = this.dates.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.dates[middle] ?? '') <= date) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Net of the days after `after` up to and including `until` (0 when `until` is not later). */
  between(after: string, until: string): Cents {
    if (until <= after) return 0;
    return (this.running[this.countUpTo(until)] ?? 0) - (this.running[this.countUpTo(after)] ?? 0);
  }
}

/**
 * One account's balance at a month's end. An asset: the applied reading's available balance plus
 * the net change since it (the accounts screen's ending balance). A card: what is owed, its
 * current balance less the same net change, since spending on a card adds to the debt and a
 * payment into it takes from it.
 */
export function accountBalanceAt(
  account: NetWorthAccount,
  sums: { between(after: string, until: string): Cents },
  monthEnd: string,
  rangeStart: string,
): Cents {
  const reading = readingForMonthEnd(account.readings, monthEnd);
  if (!reading) return 0;
  // A reading from before the range is the latest such one: the carry holds its days up to the range.
  const change = sums.between(reading.date, monthEnd) + (reading.date < rangeStart ? (account.carryCents ?? 0) : 0);
  return account.liability ? cardOwedCents(reading.currentCents, change) : reading.availableCents + change;
}

/**
 * Assets, liabilities and net worth at the end of every given month (consecutive, oldest first).
 * `days` are the range's days only; what came before it is each account's `carryCents`, so a
 * year's report reads a year of days however old the readings are.
 */
export function netWorthByMonth(accounts: readonly NetWorthAccount[], days: readonly DayNet[], months: readonly YearMonth[]): NetWorthMonth[] {
  const first = months[0];
  const rangeStart = first ? monthRange(first.year, first.month).from : '';
  const daysByAccount = new Map<number, DayNet[]>();
  for (const day of days) {
    const list = daysByAccount.get(day.accountId) ?? [];
    list.push(day);
    daysByAccount.set(day.accountId, list);
  }
  const sums = new Map(accounts.map((account) => [account.id, new DayNetSums(daysByAccount.get(account.id) ?? [])]));
  return months.map((ym) => {
    const monthEnd = monthRange(ym.year, ym.month).to;
    let assetsCents = 0;
    let liabilitiesCents = 0;
    let accountsCounted = 0;
    for (const account of accounts) {
      // Before its first balance an account did not exist yet: counting that balance back then
      // would draw a history nobody had (issue 36, DECISIONS.md #82).
      const first = account.readings[0];
      if (!first || first.date > monthEnd) continue;
      const balance = inBase(account, accountBalanceAt(account, sums.get(account.id) ?? new DayNetSums([]), monthEnd, rangeStart), monthEnd);
      if (balance === null) continue;
      accountsCounted += 1;
      if (account.liability) liabilitiesCents += balance;
      else assetsCents += balance;
    }
    return { month: reportMonthKey(ym), accountsCounted, assetsCents, liabilitiesCents, netWorthCents: assetsCents - liabilitiesCents };
  });
}
