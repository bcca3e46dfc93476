import { BarChart } from '@mantine/charts';
import { Select } from '@mantine/core';
import type { SpendingReport } from '@mindspend/api-contract';
import { SPENDING_GROUPS, SPENDING_GROUP_LABELS, type SpendingGroup, type YearMonth, reportFileName, reportMonths, spendingCsv, spendingPivot, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { EmptyHint } from '../insights/EmptyHint';
import { MoneyTable } from '../insights/MoneyTable';
import { ReportSection } from './ReportSection';
import { monthLabel } from './report-range';
import { saveCsv } from './save-csv';
import { useChartAnimation } from '../../lib/chart-animation';

const money = (cents: number) => formatAmount(cents);
/** Bands a stacked bar stays readable with; the rest are drawn together. */
const DRAWN_GROUPS = 7;
const COLORS = ['blue.6', 'grape.5', 'orange.5', 'teal.6', 'pink.6', 'yellow.6', 'cyan.6', 'gray.5'];

interface SpendingSectionProps {
  rows: SpendingReport;
  group: SpendingGroup;
  onGroup: (group: SpendingGroup) => void;
  range: { from: YearMonth; to: YearMonth };
  from: string;
  to: string;
}

const isGroup = (value: string | null): value is SpendingGroup => SPENDING_GROUPS.some((group) => group === value);

/** Spending month by month by category, sub-category, purpose or feeling, the largest groups stacked. */
export function SpendingSection({ rows, group, onGroup, range, from, to }: SpendingSectionProps) {
  const animation = useChartAnimation();
  const cells = rows.map((row) => ({ month: row.month, group: row.group, amountCents: toCents(row.amount) }));
  const pivot = spendingPivot(cells, reportMonths(range.from, range.to), DRAWN_GROUPS);
  // Recharts reads each band by key; an index keeps names with dots or spaces out of its paths.
  const bandKey = (index: number) => `g${index}`;
  const chartRows = pivot.rows.map((row) => ({
    label: monthLabel(row.month),
    ...Object.fromEntries(pivot.groups.map((name, index) => [bandKey(index), (row.amounts[name] ?? 0) / 100])),
  }));
  const heading = SPENDING_GROUP_LABELS[group];
  return (
    <ReportSection
      title="Spending over time"
      description={`Expenses of each month by ${heading.toLowerCase()}; transfers between your own accounts are left out.`}
      testId="report-spending"
      controls={
        <Select
          label="Group by"
          data={SPENDING_GROUPS.map((value) => ({ value, label: SPENDING_GROUP_LABELS[value] }))}
          value={group}
          onChange={(value) => {
            if (isGroup(value)) onGroup(value);
          }}
          allowDeselect={false}
          w={170}
        />
      }
      onDownload={rows.length ? () => saveCsv(reportFileName(`spending-by-${group}`, from, to), spendingCsv(heading, cells)) : undefined}
      empty={rows.length ? undefined : <EmptyHint>No expenses in these months.</EmptyHint>}
      chart={
        <BarChart
          barProps={animation}
          h={300}
          data={chartRows}
          dataKey="label"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 60 }}
          valueFormatter={(dollars) => money(toCents(dollars))}
          yAxisProps={{ width: 80 }}
          series={pivot.groups.map((name, index) => ({ name: bandKey(index), label: name, color: COLORS[index % COLORS.length] ?? 'gray.5' }))}
        />
      }
      table={
        <MoneyTable
          label={`Spending by ${heading.toLowerCase()} and month`}
          rowKey={(row) => row.month}
          rows={pivot.rows}
          columns={[
            { label: 'Month', cell: (row) => monthLabel(row.month) },
            ...pivot.groups.map((name) => ({ label: name, cell: (row: (typeof pivot.rows)[number]) => money(row.amounts[name] ?? 0), numeric: true })),
            { label: 'Total', cell: (row) => money(row.totalCents), numeric: true },
          ]}
        />
      }
    />
  );
}
