import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { Transaction } from '@mindspend/api-contract';
import { formatShortDate, parseIsoDate, toCents } from '@mindspend/domain';
import { displayCurrency, formatAmount, isBookCurrency } from '../../lib/money';

type Converted = Pick<Transaction, 'currency' | 'base_amount' | 'fx_rate' | 'fx_date'>;

/**
 * Under an amount in another currency than the book's: the base figure that budgets and reports
 * count (DECISIONS.md #90), small and dimmed; nothing for an amount in the book's own currency.
 */
export function BaseAmountNote({ transaction, sign = '' }: { transaction: Converted; sign?: string }) {
  if (isBookCurrency(transaction.currency)) return null;
  return (
    <Text size="sm" c="dimmed" ta="center" mt={-8} data-testid="details-base-amount" title={`In ${displayCurrency.get()}, the book's currency`}>
      <VisuallyHidden>In the book's currency: </VisuallyHidden>
      {sign}
      {formatAmount(toCents(transaction.base_amount))}
    </Text>
  );
}

/** The rate that gave the base figure and the day it is of: `1 EUR = 1.0822 USD (rate of 11/21/2026)`. */
export function ExchangeRateDetail({ transaction }: { transaction: Converted }) {
  if (transaction.fx_rate === null || isBookCurrency(transaction.currency)) return null;
  const day = transaction.fx_date === null ? null : parseIsoDate(transaction.fx_date);
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" data-testid="details-fx-rate">
      <Text size="sm" c="dimmed">
        Exchange rate
      </Text>
      <Text size="sm" ta="right">
        1 {transaction.currency} = {transaction.fx_rate} {displayCurrency.get()}
        {day ? ` (rate of ${formatShortDate(day)})` : ''}
      </Text>
    </Group>
  );
}
