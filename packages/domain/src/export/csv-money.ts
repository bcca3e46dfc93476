/**
 * A stored amount as a CSV number cell in its currency's own decimals (DECISIONS.md #113):
 * `-4150` in EUR is `-41.50`, `123400` in JPY is `1234`, `123` in BHD is `1.230`, beside a
 * currency column, so a spreadsheet sums it and a reader knows what it counts.
 */
import { type CurrencyCode, moneyFromHundredths, toDecimalString } from '../currency';
import type { CsvNumber } from './csv-writer';

export function csvAmountIn(hundredths: number, currency: CurrencyCode): CsvNumber {
  const money = moneyFromHundredths(hundredths, currency);
  // A stored figure is a safe integer of hundredths; one that is not is written as it was stored.
  if (!money) return { numeric: (hundredths / 100).toFixed(2) };
  return { numeric: toDecimalString(money.amount, currency) };
}
