import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { BudgetsMonthResponse } from '@mindspend/api-contract';
import { toCents, type YearMonth } from '@mindspend/domain';
import { formatWholeAmount } from '../../lib/money';
import { Link } from 'react-router';
import type { BudgetTab, SummaryKind } from './budget-view';

interface Figure {
  label: string;
  dollars: number;
  opens: SummaryKind;
  /** Where the figure leads instead of its summary modal. */
  to?: string;
}

/** Spec §2.5: the tab's overview figures in whole dollars, each opening its summary modal. */
export function figuresOfTab(tab: BudgetTab, summary: BudgetsMonthResponse['summary']): Figure[] {
  if (tab === 'flexible') {
    return [
      { label: 'Planned', dollars: summary.flexible.planned, opens: 'flexible-expenses' },
      { label: 'Spent', dollars: summary.flexible.spent, opens: 'flexible-expenses' },
      { label: 'Saved', dollars: summary.flexible.saved, opens: 'flexible-expenses' },
    ];
  }
  if (tab === 'bills') {
    return [
      { label: 'Total', dollars: summary.bills.total, opens: 'total-budgeted-spent' },
      { label: 'Paid', dollars: summary.bills.paid, opens: 'paid-bills' },
      { label: 'Unpaid', dollars: summary.bills.unpaid, opens: 'unpaid-bills' },
    ];
  }
  return [
    { label: 'Total Budgeted', dollars: summary.combined.total_budgeted, opens: 'total-budgeted-spent' },
    // The month's expected income (DECISIONS.md #4) beside what is budgeted; it opens the income page.
    { label: 'Expected Income', dollars: summary.expected_income, opens: 'total-budgeted-spent', to: '/income' },
    {
      label: 'Total Budgeted Spent',
      dollars: summary.combined.total_budgeted_spent,
      opens: 'total-budgeted-spent',
    },
    { label: 'Total Unpaid Bills', dollars: summary.combined.total_unpaid_bills, opens: 'unpaid-bills' },
    {
      label: 'Potential Savings',
      dollars: summary.combined.potential_savings,
      opens: 'total-budgeted-spent',
    },
  ];
}

interface OverviewFiguresProps {
  tab: BudgetTab;
  summary: BudgetsMonthResponse['summary'];
  month: YearMonth;
}

export function OverviewFigures({ tab, summary, month }: OverviewFiguresProps) {
  const figures = figuresOfTab(tab, summary);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: Math.min(figures.length, 4), md: figures.length }}
      spacing="sm"
      data-testid="overview-figures"
    >
      {figures.map((figure) => (
        <UnstyledButton
          key={figure.label}
          component={Link}
          to={figure.to ?? `/budgets/month/${month.month}/year/${month.year}/${figure.opens}`}
          aria-label={`${figure.label} ${formatWholeAmount(toCents(figure.dollars))}`}
        >
          <Paper withBorder radius="md" p="sm" ta="center" h="100%">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {figure.label}
            </Text>
            <Text fz={22} fw={700} data-testid={`overview-${figure.label}`}>
              {formatWholeAmount(toCents(figure.dollars))}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
