import { Fragment } from 'react';
import { Outlet } from 'react-router';
import { USD, isCurrencyCode } from '@mindspend/domain';
import { displayCurrency } from '../../lib/money';
import { useNumberFormat } from '../../lib/use-number-format';
import { useCurrentBook } from './api';

/**
 * Above the signed-in screens: amounts show in the current book's base currency and the person's
 * number format (lib/money.ts). When either changes (a book switch, a new base currency, another
 * format in Settings) the screens below are mounted again, so every figure is written anew.
 */
export function MoneyFormatBoundary() {
  const book = useCurrentBook();
  const { locale } = useNumberFormat();
  const currency = book !== undefined && isCurrencyCode(book.base_currency) ? book.base_currency : USD;
  // Set while rendering, before the screens below read it: nothing subscribes to this store, so
  // setting it re-renders nothing, and setting the same value twice (StrictMode) changes nothing.
  if (displayCurrency.get() !== currency) displayCurrency.set(currency);
  return (
    <Fragment key={`${currency} ${locale}`}>
      <Outlet />
    </Fragment>
  );
}
