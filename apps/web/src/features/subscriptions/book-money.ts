/** The page's amounts come from the API in the book's units (dollars); shown through the app's one formatter. */
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import type { MoneyText } from './subscription-text';

export const bookMoney: MoneyText = (amount) => formatAmount(toCents(amount));
