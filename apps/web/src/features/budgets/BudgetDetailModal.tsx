import { Button, Group, Loader, Modal, Paper, Progress, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import type { Budget, Transaction } from '@mindspend/api-contract';
import { detailBarSegments, monthName, toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useBudget, useBudgetTransactions } from './api';
import { carriedLabel, regretProgress } from './budget-rollover-view';
import { budgetMonthPath } from './budget-view';
import { newestFirst, shareCents, storeName, totalsByStore } from './budget-transactions';
import { monthOfParams } from './month-params';
import { SegmentBar } from './SegmentBar';

/** `signed`: a carry keeps its minus (an overspend carried in); other figures show as positive. */
function Figure({ label, cents, signed = false }: { label: string; cents: number; signed?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={20} fw={700} data-testid={`detail-${label}`}>
        {formatAmount(signed ? cents : Math.abs(cents))}
      </Text>
    </Paper>
  );
}

/** The month's carry and its regret against the cap (docs/DECISIONS.md #55, #56); flexible only. */
function RolloverAndRegret({ budget }: { budget: Budget }) {
  const carried = carriedLabel(budget);
  const regret = regretProgress(budget);
  return (
    <Stack gap="xs">
      {budget.rollover || budget.carried_from !== null ? (
        <SimpleGrid cols={2}>
          <Figure label="Carried In" cents={toCents(budget.carried)} signed />
          <Figure label="Available" cents={toCents(budget.available)} signed />
        </SimpleGrid>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="detail-rollover">
        {carried ? `${carried}.` : 'Nothing carried from last month.'}{' '}
        {budget.rollover ? 'Rollover is on: what this month leaves carries into the next.' : 'Rollover is off this month.'}
      </Text>
      {/* Without a cap, a month with no regret has nothing to say. */}
      {budget.regret_cap === null && budget.regretted === 0 ? null : (
        <Text size="sm" fw={600} c={budget.regret_cap_passed ? 'red.8' : undefined} data-testid="detail-regret">
          {regret.label}
        </Text>
      )}
      {regret.percent === null ? null : (
        <Progress
          value={regret.percent}
          color={budget.regret_cap_passed ? 'red' : 'orange'}
          aria-label={`${budget.display_name} regret cap used`}
        />
      )}
    </Stack>
  );
}

function TransactionsTable({ transactions, budget }: { transactions: Transaction[]; budget: Budget }) {
  const navigate = useNavigate();
  if (transactions.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        No transactions for this month.
      </Text>
    );
  return (
    <Table highlightOnHover verticalSpacing="xs" data-testid="detail-transactions">
      <Table.Tbody>
        {newestFirst(transactions).map((transaction) => (
          <Table.Tr
            key={transaction.id}
            style={{ cursor: 'pointer' }}
            onClick={() => void navigate(`/ledger/view-transaction/${transaction.id}`)}
          >
            <Table.Td fw={600}>{storeName(transaction)}</Table.Td>
            <Table.Td c="dimmed">
              {transaction.day_of_week}, {monthName(transaction.date_month)} {transaction.date_day}
            </Table.Td>
            <Table.Td ta="right">
              {formatAmount(shareCents(transaction, budget.transaction_subcategory_id))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TotalsTable({ transactions, budget }: { transactions: Transaction[]; budget: Budget }) {
  const totals = totalsByStore(transactions, budget.transaction_subcategory_id);
  if (totals.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        No transactions for this month.
      </Text>
    );
  return (
    <Table verticalSpacing="xs" data-testid="detail-totals">
      <Table.Tbody>
        {totals.map((total) => (
          <Table.Tr key={total.name}>
            <Table.Td fw={600}>{total.name}</Table.Td>
            <Table.Td c="dimmed">
              {total.count} transaction{total.count === 1 ? '' : 's'}
            </Table.Td>
            <Table.Td ta="right">{formatAmount(total.cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /budgets/{id}/year/{year}/month/{month}/transactions (spec §2.5): the budget or bill with its
 * month's transactions. Done or the backdrop go to the budget's month route underneath.
 */
export function BudgetDetailModal() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const month: YearMonth | null = monthOfParams(params.month, params.year);
  const valid = Number.isInteger(id) && id > 0 && month !== null;
  const ym = month ?? { year: 1970, month: 1 };
  const budget = useBudget(valid ? id : null, ym);
  const transactions = useBudgetTransactions(valid ? id : null, ym, budget.data?.spent ?? null);
  if (!valid || budget.isError) return <Navigate to="/" replace />;
  const done = () => void navigate(budgetMonthPath(id, ym.year, ym.month));
  const b = budget.data;
  const title = b ? `${b.emoji} ${b.display_name} ${b.due_in_full === 1 ? 'Bill' : 'Budget'}` : 'Budget';
  return (
    <Modal opened onClose={done} title={title} size="lg">
      {!b ? (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading" />
        </Group>
      ) : (
        <Stack gap="md">
          <SegmentBar
            segments={detailBarSegments(toCents(b.spent), toCents(b.month_amount))}
            size="lg"
            label={`${b.display_name} spent`}
          />
          <SimpleGrid cols={2}>
            <Figure label="Budget Amount" cents={toCents(b.month_amount)} />
            <Figure label="Total Spent" cents={toCents(b.spent)} />
          </SimpleGrid>
          {b.due_in_full === 1 ? null : <RolloverAndRegret budget={b} />}
          <Tabs defaultValue="grouped">
            <Tabs.List>
              <Tabs.Tab value="grouped">Totals Grouped</Tabs.Tab>
              <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="grouped" pt="sm">
              {transactions.data ? (
                <TotalsTable transactions={transactions.data} budget={b} />
              ) : (
                <Loader size="sm" />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="transactions" pt="sm">
              {transactions.data ? (
                <TransactionsTable transactions={transactions.data} budget={b} />
              ) : (
                <Loader size="sm" />
              )}
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            <Button onClick={done}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
