import { Anchor, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { Budget } from '@mindspend/api-contract';
import { budgetsPath, toCents, type YearMonth } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { Link, useNavigate, useParams } from 'react-router';
import { useBudgetsMonth } from './api';
import {
  SUMMARY_TITLES,
  billRowCents,
  budgetTransactionsPath,
  summaryList,
  type SummaryKind,
} from './budget-view';
import { monthOfParams } from './month-params';

const money = (dollars: number) => formatAmount(Math.abs(toCents(dollars)));

function Columns({ kind }: { kind: SummaryKind }) {
  if (kind === 'unpaid-bills')
    return (
      <>
        <Table.Th>Due</Table.Th>
        <Table.Th ta="right">Amount</Table.Th>
      </>
    );
  if (kind === 'paid-bills')
    return (
      <>
        <Table.Th>Due</Table.Th>
        <Table.Th ta="right">Amount</Table.Th>
      </>
    );
  if (kind === 'flexible-expenses')
    return (
      <>
        <Table.Th ta="right">Budgeted</Table.Th>
        <Table.Th ta="right">Remaining</Table.Th>
        <Table.Th ta="right">Spent</Table.Th>
      </>
    );
  return (
    <>
      <Table.Th ta="right">Budgeted</Table.Th>
      <Table.Th ta="right">Remaining</Table.Th>
      <Table.Th>Type</Table.Th>
    </>
  );
}

function Cells({ kind, budget }: { kind: SummaryKind; budget: Budget }) {
  if (kind === 'unpaid-bills' || kind === 'paid-bills') {
    return (
      <>
        <Table.Td>Due: {budget.due_date_label}</Table.Td>
        <Table.Td ta="right">{formatAmount(Math.abs(billRowCents(kind, budget)))}</Table.Td>
      </>
    );
  }
  return (
    <>
      <Table.Td ta="right">{money(budget.month_amount)}</Table.Td>
      <Table.Td ta="right">{formatAmount(toCents(budget.remaining))}</Table.Td>
      {kind === 'flexible-expenses' ? (
        <Table.Td ta="right">{money(budget.spent)}</Table.Td>
      ) : (
        <Table.Td>{budget.due_in_full === 1 ? 'Bill' : 'Flexible Expense'}</Table.Td>
      )}
    </>
  );
}

/** The four summary modals of spec §2.5, child routes of the budgets page. */
export function SummaryModal({ kind }: { kind: SummaryKind }) {
  const params = useParams();
  const navigate = useNavigate();
  const month: YearMonth = monthOfParams(params.month, params.year) ?? { year: 1970, month: 1 };
  const data = useBudgetsMonth(month);
  const list = data.data ? summaryList(kind, data.data) : null;
  const close = () => void navigate(budgetsPath(month));
  const title = SUMMARY_TITLES[kind];
  return (
    <Modal opened onClose={close} title={title} size="lg">
      {!list ? (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading" />
        </Group>
      ) : (
        <Stack gap="md">
          <Group grow>
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {list.totalLabel}
              </Text>
              <Text fz={22} fw={700} data-testid="summary-total">
                {formatAmount(list.totalCents)}
              </Text>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {list.countLabel}
              </Text>
              <Text fz={22} fw={700} data-testid="summary-count">
                {list.count}
              </Text>
            </Paper>
          </Group>
          {list.budgets.length === 0 ? (
            <Text ta="center" c="dimmed" py="md" data-testid="summary-empty">
              {list.empty}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs" data-testid="summary-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Columns kind={kind} />
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.budgets.map((budget) => (
                    <Table.Tr key={budget.id}>
                      <Table.Td>
                        <span aria-hidden>{budget.emoji}</span> {budget.display_name}
                      </Table.Td>
                      <Cells kind={kind} budget={budget} />
                      <Table.Td ta="right">
                        <Anchor
                          component={Link}
                          to={budgetTransactionsPath(budget.id, month.year, month.month)}
                          size="sm"
                        >
                          View
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
