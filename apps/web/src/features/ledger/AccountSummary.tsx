import { Box, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { Account, AccountMonth, BudgetsMonthResponse, Transaction } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { formatAmountIn } from '../../lib/money';
import type { SummaryFigure } from '../../shared/ledger-shell/summary-figure';
import { withBudgetFigures } from '../budgets/ledger-budget-figures';
import { EmotionBreakdown } from './EmotionBreakdown';
import { FeelingCoverageLine } from './FeelingCoverageLine';
import { summaryFigures } from './summary-figures';

interface AccountSummaryProps {
  account: Account;
  month: AccountMonth['month_summary'] | null;
  /** The month shown, for its feeling coverage across the book. */
  period: YearMonth;
  transactions: Transaction[];
  /** The month's budgets: the panel's budget figures show only when some exist (spec §2.3). */
  budgets: BudgetsMonthResponse | null;
}

/** One figure, in the account's currency (DECISIONS.md #90): its month figures are its own amounts. */
function Figure({ figure, currency }: { figure: SummaryFigure; currency: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {figure.label}
      </Text>
      {figure.unknown ? (
        <Text fz={22} fw={700} c="dimmed" data-testid={`figure-${figure.label}`}>
          —
        </Text>
      ) : figure.cents === null ? (
        <Skeleton h={28} w={110} />
      ) : (
        <Group gap={6} wrap="nowrap">
          <Text fz={22} fw={700} data-testid={`figure-${figure.label}`}>
            {formatAmountIn(figure.cents, currency)}
          </Text>
          {figure.ok === undefined ? null : figure.ok ? (
            <IconCircleCheck color="var(--mantine-color-teal-filled)" aria-label="On budget" role="img" />
          ) : (
            <IconCircleX color="var(--mantine-color-red-filled)" aria-label="Over budget" role="img" />
          )}
        </Group>
      )}
      {figure.hint ? (
        <Text size="xs" c="dimmed">
          {figure.hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Spec §2.3: the panel titled by the account type, 'Monthly overview', and the feelings chart. */
export function AccountSummary({ account, month, period, transactions, budgets }: AccountSummaryProps) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="account-summary">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {account.type.name}
          </Text>
          <Title order={3} fz="h4" mb="sm">
            Monthly overview
          </Title>
          <Group gap="xl" align="flex-start">
            {withBudgetFigures(summaryFigures(account, month), account, month, budgets).map((figure) => (
              <Figure key={figure.label} figure={figure} currency={account.currency} />
            ))}
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Box maw={320} ml={{ sm: 'auto' }}>
            <EmotionBreakdown transactions={transactions} />
            <FeelingCoverageLine month={period} />
          </Box>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
