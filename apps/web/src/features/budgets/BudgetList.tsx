import { Paper, Stack, Text } from '@mantine/core';
import type { Budget } from '@mindspend/api-contract';
import { BudgetRow } from './BudgetRow';

interface BudgetListProps {
  budgets: Budget[];
  future: boolean;
  empty: string;
}

export function BudgetList({ budgets, future, empty }: BudgetListProps) {
  if (budgets.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center" data-testid="budgets-empty">
        <Text c="dimmed">{empty}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      {budgets.map((budget) => (
        <BudgetRow key={budget.id} budget={budget} future={future} />
      ))}
    </Stack>
  );
}
