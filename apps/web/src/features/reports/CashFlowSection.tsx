import { BarChart } from '@mantine/charts';
import type { CashFlowReport } from '@mindspend/api-contract';
import { cashFlowCsv, reportFileName, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { EmptyHint } from '../insights/EmptyHint';
import { MoneyTable } from '../insights/MoneyTable';
import { ReportSection } from './ReportSection';
import { monthLabel } from './report-range';
import { saveCsv } from './save-csv';
import { useChartAnimation } from '../../lib/chart-animation';

const money = (dollars: number) => formatAmount(toCents(dollars));

/** Income against expenses month by month, and what was left; transfers between accounts are neither. */
export function CashFlowSection({ rows, from, to }: { rows: CashFlowReport; from: string; to: string }) {
  const animation = useChartAnimation();
  const anything = rows.some((row) => row.income !== 0 || row.expenses !== 0);
  const chartRows = rows.map((row) => ({ ...row, label: monthLabel(row.month) }));
  const download = () =>
    saveCsv(
      reportFileName('cash-flow', from, to),
      cashFlowCsv(rows.map((row) => ({ month: row.month, incomeCents: toCents(row.income), expensesCents: toCents(row.expenses), netCents: toCents(row.net) }))),
    );
  return (
    <ReportSection
      title="Cash flow"
      description="Income and expenses of each month, and what was left. Transfers between your own accounts count as neither."
      testId="report-cash-flow"
      onDownload={anything ? download : undefined}
      empty={anything ? undefined : <EmptyHint>No income or expenses in these months.</EmptyHint>}
      chart={
        <BarChart
          barProps={animation}
          h={260}
          data={chartRows}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          valueFormatter={money}
          yAxisProps={{ width: 80 }}
          series={[
            { name: 'income', label: 'Income', color: 'teal.6' },
            { name: 'expenses', label: 'Expenses', color: 'red.6' },
          ]}
        />
      }
      table={
        <MoneyTable
          label="Cash flow by month"
          rowKey={(row) => row.month}
          rows={rows}
          columns={[
            { label: 'Month', cell: (row) => monthLabel(row.month) },
            { label: 'Income', cell: (row) => money(row.income), numeric: true },
            { label: 'Expenses', cell: (row) => money(row.expenses), numeric: true },
            { label: 'Net', cell: (row) => money(row.net), numeric: true },
          ]}
        />
      }
    />
  );
}
