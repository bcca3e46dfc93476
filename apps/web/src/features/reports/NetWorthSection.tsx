import { LineChart } from '@mantine/charts';
import type { NetWorthReport } from '@mindspend/api-contract';
import { formatMoney, netWorthCsv, reportFileName, toCents } from '@mindspend/domain';
import { EmptyHint } from '../insights/EmptyHint';
import { MoneyTable } from '../insights/MoneyTable';
import { ReportSection } from './ReportSection';
import { monthLabel } from './report-range';
import { saveCsv } from './save-csv';

const money = (dollars: number) => formatMoney(toCents(dollars));

/** Net worth at each month's end: what the accounts hold less what the cards owe. */
export function NetWorthSection({ rows, hasAccounts, from, to }: { rows: NetWorthReport; hasAccounts: boolean; from: string; to: string }) {
  const chartRows = rows.map((row) => ({ ...row, label: monthLabel(row.month) }));
  const download = () =>
    saveCsv(
      reportFileName('net-worth', from, to),
      netWorthCsv(rows.map((row) => ({ month: row.month, assetsCents: toCents(row.assets), liabilitiesCents: toCents(row.liabilities), netWorthCents: toCents(row.net_worth) }))),
    );
  return (
    <ReportSection
      title="Net worth"
      description="At the end of each month: the balances of your accounts, less what your credit cards owe."
      testId="report-net-worth"
      onDownload={hasAccounts ? download : undefined}
      empty={hasAccounts ? undefined : <EmptyHint>You have no accounts yet. Add one with its balance and your net worth appears here.</EmptyHint>}
      chart={
        <LineChart
          h={260}
          data={chartRows}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          valueFormatter={money}
          yAxisProps={{ width: 80 }}
          curveType="linear"
          series={[
            { name: 'net_worth', label: 'Net worth', color: 'teal.6' },
            { name: 'assets', label: 'Assets', color: 'blue.6' },
            { name: 'liabilities', label: 'Liabilities', color: 'red.6' },
          ]}
        />
      }
      table={
        <MoneyTable
          label="Net worth by month"
          rowKey={(row) => row.month}
          rows={rows}
          columns={[
            { label: 'Month', cell: (row) => monthLabel(row.month) },
            { label: 'Assets', cell: (row) => money(row.assets), numeric: true },
            { label: 'Liabilities', cell: (row) => money(row.liabilities), numeric: true },
            { label: 'Net worth', cell: (row) => money(row.net_worth), numeric: true },
          ]}
        />
      }
    />
  );
}
