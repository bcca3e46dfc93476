import type { Transaction } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { displayCurrency, formatAmount, formatAmountIn, isBookCurrency } from '../../lib/money';
import classes from './ledger-table.module.css';

/**
 * A row's signed amount in its account's currency (DECISIONS.md #90); when that is not the book's,
 * the base figure budgets and reports count stands under it, small and dimmed (`€41.50` / `$44.91`).
 */
export function RowAmount({ transaction }: { transaction: Transaction }) {
  const expense = transaction.type === 'expense';
  const sign = expense ? '-' : '';
  return (
    <>
      <span className={`${classes.amount} ${expense ? '' : classes.income}`} data-testid="amount">
        {sign}
        {formatAmountIn(toCents(transaction.amount), transaction.currency)}
      </span>
      {isBookCurrency(transaction.currency) ? null : (
        <span className={classes.baseAmount} data-testid="base-amount" title={`In ${displayCurrency.get()}, the book's currency`}>
          <span className={classes.visuallyHidden}>In the book's currency: </span>
          {sign}
          {formatAmount(toCents(transaction.base_amount))}
        </span>
      )}
    </>
  );
}
