import { useRef } from 'react';
import { Box, Paper, Skeleton, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Transaction } from '@mindspend/api-contract';
import { monthName, type YearMonth } from '@mindspend/domain';
import classes from './ledger-table.module.css';
import { TransactionRow } from './TransactionRow';

export const ROW_HEIGHT = 56;
/** Rows visible before the table scrolls inside itself; a long month renders only a window of rows. */
const VISIBLE_ROWS = 12;

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

/** Spec §2.3: the Date, Payee, Category, Amount and Emotion table, virtualized for long months. */
export function TransactionTable({ transactions, loading, month }: TransactionTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's API is not memoizable; it is only used in this component's render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: transactions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const height = Math.min(transactions.length, VISIBLE_ROWS) * ROW_HEIGHT;

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
      ) : (
        <div ref={scrollRef} className={classes.scroller} style={{ height }} data-testid="ledger-scroller">
          <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
            {virtualizer.getVirtualItems().map((item) => {
              const transaction = transactions[item.index];
              return transaction ? (
                <TransactionRow key={transaction.id} transaction={transaction} top={item.start} height={ROW_HEIGHT} index={item.index} />
              ) : null;
            })}
          </Box>
        </div>
      )}
    </Paper>
  );
}
