import { LineChart } from '@mantine/charts';
import type { NetWorthReport } from '@mindspend/api-contract';
import { netWorthCsv, reportFileName, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { EmptyHint } from '../insights/EmptyHint';
import { MoneyTable } from '../insights/MoneyTable';
import { ReportSection } from './ReportSection';
import { monthLabel } from './report-range';
import { saveCsv } from './save-csv';
import { useChartAnimation } from '../../lib/chart-animation';

const money = (dollars: number) => formatAmount(toCents(dollars));

/**
 * Net worth at each month's end: what the accounts hold less what the cards owe. It starts in the
 * month of the first account balance: before it nothing was counted, and a flat line of zeros (or
 * of today's balance) would be a history nobody had (DECISIONS.md #82).
 */
export function NetWorthSection({ rows: allRows, hasAccounts, from, to }: { rows: NetWorthReport; hasAccounts: boolean; from: string; to: string }) {
  const animation = useChartAnimation();
  const first = allRows.findIndex((row) => row.accounts_counted > 0);
  const rows = first < 0 ? [] : allRows.slice(first);
  const startNote =
    first > 0 && rows[0] ? ` It starts in ${monthLabel(rows[0].month)}, the month of your first account balance.` : '';
  const empty = !hasAccounts ? (
    <EmptyHint>You have no accounts yet. Add one with its balance and your net worth appears here.</EmptyHint>
  ) : rows.length === 0 ? (
    <EmptyHint>None of your accounts had a balance yet in these months. An account counts from the date of its first balance.</EmptyHint>
  ) : undefined;
  const chartRows = rows.map((row) => ({ ...row, label: monthLabel(row.month) }));
  const download = () =>
    saveCsv(
      reportFileName('net-worth', from, to),
      netWorthCsv(rows.map((row) => ({ month: row.month, assetsCents: toCents(row.assets), liabilitiesCents: toCents(row.liabilities), netWorthCents: toCents(row.net_worth) }))),
    );
  return (
    <ReportSection
      title="Net worth"
      description={`At the end of each month: the balances of your accounts, less what your credit cards owe. An account counts from the date of its first balance.${startNote}`}
      testId="report-net-worth"
      onDownload={empty ? undefined : download}
      empty={empty}
      chart={
        <LineChart
          lineProps={animation}
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
