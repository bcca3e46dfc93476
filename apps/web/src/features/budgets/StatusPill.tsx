import { Badge } from '@mantine/core';
import type { BudgetStatus } from '@mindspend/domain';

const COLORS: Record<BudgetStatus, string> = {
  Paid: 'teal',
  Skipped: 'gray',
  'Over Budget': 'red',
  'Under Budget': 'green',
  'Past due': 'red',
  'Due soon': 'orange',
  Unpaid: 'yellow',
  'Due today': 'orange',
  PENDING: 'gray',
};

/** The budget row's status (spec §4), or 'N/A' for a month after the current one. */
export function StatusPill({ status }: { status: BudgetStatus | null }) {
  if (status === null) {
    return (
      <Badge variant="outline" color="gray" data-testid="budget-status">
        N/A
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="budget-status">
      {status}
    </Badge>
  );
}
