import { ActionIcon, Anchor, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconScale } from '@tabler/icons-react';
import type { Budget } from '@mindspend/api-contract';
import { rowBarSegments, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { Link, useNavigate } from 'react-router';
import { carriedLabel, regretWarning } from './budget-rollover-view';
import { budgetTransactionsPath, editBudgetPath } from './budget-view';
import { SegmentBar } from './SegmentBar';
import { StatusPill } from './StatusPill';

interface BudgetRowProps {
  budget: Budget;
  /** A month after the current one shows 'N/A' instead of a status. */
  future: boolean;
}

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    // Narrower on a phone so the figures, the whole status pill and the pencil fit one line (issue 13).
    <Stack gap={0} align="flex-end" miw={{ base: 60, sm: 84 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {formatAmount(Math.abs(cents))}
      </Text>
    </Stack>
  );
}

/** One budget of the month (spec §2.5): clicking it opens its transactions, the pencil edits it. */
export function BudgetRow({ budget, future }: BudgetRowProps) {
  const navigate = useNavigate();
  const bill = budget.due_in_full === 1;
  const open = () => void navigate(budgetTransactionsPath(budget.id, budget.year, budget.month));
  // Rollover and the regret cap (docs/DECISIONS.md #55, #56) are flexible budgets' only.
  const carried = bill ? null : carriedLabel(budget);
  const regret = bill ? null : regretWarning(budget);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="budget-row"
      style={{ cursor: 'pointer' }}
      // The whole card opens the budget for a pointer; from the keyboard its name is the link. A
      // card with role="button" holding the edit link was a control nested in a control (axe).
      onClick={open}
    >
      <Group wrap="wrap" gap="md">
        <Group wrap="nowrap" gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
          {/* A box of one width: '⚡' is narrower than '🛒', and the titles beside them must line up (issue 36). */}
          <Text fz={26} aria-hidden w={40} ta="center" style={{ flex: '0 0 40px' }} data-testid="budget-emoji">
            {budget.emoji}
          </Text>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Anchor
                component={Link}
                to={budgetTransactionsPath(budget.id, budget.year, budget.month)}
                fw={600}
                c="inherit"
                underline="hover"
                truncate
                data-testid="budget-name"
                onClick={(event) => event.stopPropagation()}
              >
                {budget.display_name}
              </Anchor>
              <Tooltip label={bill ? 'Bill: due in full' : 'Flexible expense'}>
                <IconScale
                  size={16}
                  color="var(--mantine-color-dimmed)"
                  aria-label={bill ? 'Bill' : 'Flexible expense'}
                  role="img"
                />
              </Tooltip>
            </Group>
            <Text size="xs" c="dimmed">
              {bill ? `Bill · Due ${budget.due_date_label}` : 'Flexible expense'}
              {carried ? (
                <Text span size="xs" fw={600} c={budget.carried < 0 ? 'red.8' : 'teal.8'} data-testid="budget-carried">
                  {' · '}
                  {carried}
                </Text>
              ) : !bill && budget.rollover ? (
                ' · Rolls over to next month'
              ) : null}
            </Text>
            <Box mt={6}>
              <SegmentBar
                segments={rowBarSegments(toCents(budget.spent), toCents(budget.month_amount), bill)}
                size="sm"
                label={`${budget.display_name} spent`}
              />
            </Box>
            {regret ? (
              <Text size="xs" fw={600} c="red.8" mt={4} data-testid="budget-regret-warning">
                {regret}
              </Text>
            ) : null}
          </Box>
        </Group>
        <Group wrap="nowrap" gap="xs" ml="auto">
          <Amount label="Budgeted" cents={toCents(budget.month_amount)} />
          <Amount label="Spent" cents={toCents(budget.spent)} />
          {/* The pill never shrinks: squeezed by the figures on a phone it was cut to 'UNDER BU…' (issue 13). */}
          <Box miw={100} ta="center" style={{ flexShrink: 0 }}>
            <StatusPill status={future ? null : budget.status} />
          </Box>
          <ActionIcon
            component={Link}
            to={editBudgetPath(budget.id, budget.year, budget.month)}
            variant="subtle"
            aria-label={`Edit ${budget.display_name}`}
            onClick={(event) => event.stopPropagation()}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
