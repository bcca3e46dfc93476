import { useCallback, useRef } from 'react';
import { Box, Paper, Skeleton, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Transaction } from '@mindspend/api-contract';
import { monthName, type YearMonth } from '@mindspend/domain';
import classes from './ledger-table.module.css';
import { TransactionRow } from './TransactionRow';
import { usePrinting } from './use-printing';
import { useRowFocus } from './use-row-focus';

export const ROW_HEIGHT = 56;
/** Rows of the estimated height shown before the table scrolls inside itself. */
const VISIBLE_ROWS = 12;
const estimateSize = () => ROW_HEIGHT;

interface TransactionTableProps {
  transactions: Transaction[];
  loading: boolean;
  month: YearMonth;
}

/** Each column's placeholder while the month loads: its cell's place and a typical width. */
const SKELETON_CELLS = [
  [classes.dateCell, 80],
  [classes.payeeCell, 140],
  [classes.category, 160],
  [classes.amountCell, 70],
  [classes.feelingCell, 24],
  [classes.editCell, 24],
] as const;

function SkeletonRow() {
  return (
    <div className={classes.grid} style={{ height: ROW_HEIGHT }} role="row" data-testid="skeleton-row">
      {SKELETON_CELLS.map(([area, width]) => (
        <Skeleton key={area} className={area} h={14} w={width} maw="100%" role="cell" />
      ))}
    </div>
  );
}

/**
 * Spec §2.3: the Date, Payee, Category, Amount and Emotion table. A long month draws only the rows
 * in view and a few around them, each measured as drawn (a split or a phone's two lines may be
 * taller than estimated); the focused row stays drawn and the keys move through every row; a
 * printout draws them all (DECISIONS.md #109). `aria-rowcount` and each row's `aria-rowindex` tell
 * a screen reader where it is in the whole month.
 */
export function TransactionTable({ transactions, loading, month }: TransactionTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const { rangeExtractor, groupProps } = useRowFocus(scrollRef);
  // Stable between renders: a new key function makes the virtualizer lay out every row of the
  // month again, on each scroll step.
  const getItemKey = useCallback((index: number) => transactions[index]?.id ?? index, [transactions]);
  // The virtualizer's API is not memoizable; it is only used in this component's render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: transactions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: 8,
  });
  const height = Math.min(virtualizer.getTotalSize(), VISIBLE_ROWS * ROW_HEIGHT);

  return (
    <Paper withBorder radius="md" role="table" aria-label="Transactions" aria-rowcount={transactions.length + 1}>
      <div className={classes.header} role="row" aria-rowindex={1}>
        <span role="columnheader" className={classes.dateCell}>
          Date
        </span>
        <span role="columnheader" className={classes.payeeCell}>
          Payee
        </span>
        <span role="columnheader" className={classes.category}>
          Category
        </span>
        <span role="columnheader" className={`${classes.amountCell} ${classes.right}`}>
          Amount
        </span>
        <span role="columnheader" className={`${classes.feelingCell} ${classes.center}`}>
          Emotion
        </span>
        <span role="columnheader" className={classes.editCell} aria-label="Edit" />
      </div>
      {loading ? (
        <SkeletonRow />
      ) : transactions.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" data-testid="ledger-empty">
          No transactions found for {monthName(month.month)} {month.year}.
        </Text>
      ) : printing ? (
        // Printing: every row, one after another in the page's flow.
        <div role="rowgroup" data-testid="ledger-print-rows">
          {transactions.map((transaction, index) => (
            <TransactionRow key={transaction.id} transaction={transaction} index={index} top={null} />
          ))}
        </div>
      ) : (
        <div ref={scrollRef} className={classes.scroller} style={{ height }} data-testid="ledger-scroller">
          <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup" {...groupProps(virtualizer, transactions.length)}>
            {virtualizer.getVirtualItems().map((item) => {
              const transaction = transactions[item.index];
              return transaction ? (
                <TransactionRow key={item.key} transaction={transaction} top={item.start} index={item.index} measure={virtualizer.measureElement} />
              ) : null;
            })}
          </Box>
        </div>
      )}
    </Paper>
  );
}
