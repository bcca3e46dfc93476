/** Currencies and money values (issue 27, DECISIONS.md #86); formatMoney itself is exported from ../money. */
export { AmountError } from './amount-error';
export { CURRENCY_CODES, USD, currencyCode, isCurrencyCode, minorUnits } from './currency-code';
export type { CurrencyCode, MinorUnits } from './currency-code';
export { minorUnitsFromNumber, parseDecimalAmount, precisionMessage, toDecimalString } from './decimal-amount';
export { convert, isRate, sumInBase } from './exchange';
export { convertWithLines } from './convert-parts';
export type { ConvertedParts } from './convert-parts';
export type { Rates } from './exchange';
export type { MoneyFormatOptions } from './format-money';
export { ISO_4217_MINOR_UNITS } from './iso-4217';
export { money } from './money-value';
export { formatStoredAmount, hundredthsOf, moneyFromHundredths } from './stored-hundredths';
export type { Money } from './money-value';
export { numberSeparators } from './number-separators';
export type { NumberSeparators } from './number-separators';
export { parseTypedAmount } from './typed-amount';
export type { TypedAmount, TypedAmountProblem } from './typed-amount';
export { EUR_PER_EUR, RATE_SIGNIFICANT_DIGITS, crossRate, divideRates } from './cross-rate';
export { EcbFormatError, parseEcbRates } from './ecb-xml';
export type { EcbDay, EcbFigure, EcbRates } from './ecb-xml';
export { latestRateOn, ratesByDay } from './rate-on';
export type { DatedRate, DayRate, RateSource } from './rate-on';
export {
  MAX_RATE,
  MAX_RATE_DECIMALS,
  RATE_NOT_A_NUMBER,
  RATE_NOT_POSITIVE,
  RATE_TOO_LARGE,
  RATE_TOO_PRECISE,
  canonicalRate,
  decimalText,
  rateProblem,
  scaledRate,
} from './rate-text';
export type { ScaledRate } from './rate-text';
