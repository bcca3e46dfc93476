import { BarChart, DonutChart } from '@mantine/charts';
import type { InsightsResponse } from '@mindspend/api-contract';
import { FEELINGS, toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { purposeLabel } from '../transactions/feelings';
import { EmptyHint } from './EmptyHint';
import { FEELING_CHART_COLORS, trendRows } from './insights-range';
import { InsightSection } from './InsightSection';
import { MoneyTable } from './MoneyTable';
import { useChartAnimation } from '../../lib/chart-animation';

const money = (dollars: number) => formatAmount(toCents(dollars));
const PURPOSE_COLORS = {
  survival: 'blue.6',
  optional: 'grape.5',
  culture: 'orange.5',
  unexpected: 'pink.6',
} as const;

const NO_FEELINGS =
  'None of this spending has a feeling yet. Tag your expenses with how they felt (Felt good, No strong feelings, Regretted it, Mixed feelings) when you add or edit them, or with the ledger’s Add Emotions banner.';

/** Spending by feeling: whole-number shares of the tagged spending. */
export function FeelingSection({ data }: { data: InsightsResponse }) {
  const animation = useChartAnimation();
  const tagged = data.totals.tagged > 0;
  return (
    <InsightSection
      title="Spending by feeling"
      description={`How the ${money(data.totals.tagged)} of spending with a feeling felt.`}
      testId="insight-feelings"
      empty={tagged ? undefined : <EmptyHint>{NO_FEELINGS}</EmptyHint>}
      chart={
        <DonutChart
          pieProps={animation}
          h={220}
          mx="auto"
          size={180}
          thickness={34}
          withLabelsLine={false}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={money}
          data={data.by_feeling
            .filter((share) => share.amount > 0)
            .map((share) => ({
              name: share.label,
              value: share.amount,
              color: FEELING_CHART_COLORS[share.feeling],
            }))}
          chartLabel={`${data.by_feeling.find((share) => share.feeling === 'negative')?.percent ?? 0}% regretted`}
        />
      }
      table={
        <MoneyTable
          label="Spending by feeling"
          rowKey={(row) => row.feeling}
          rows={data.by_feeling}
          columns={[
            { label: 'Feeling', cell: (row) => row.label },
            { label: 'Amount', cell: (row) => money(row.amount), numeric: true },
            { label: 'Share', cell: (row) => `${row.percent}%`, numeric: true },
            { label: 'Expenses', cell: (row) => row.count, numeric: true },
          ]}
        />
      }
    />
  );
}

/** Spending by purpose: whole-number shares of the spending with a purpose. */
export function PurposeSection({ data }: { data: InsightsResponse }) {
  const animation = useChartAnimation();
  return (
    <InsightSection
      title="Spending by purpose"
      description={`What the ${money(data.totals.with_purpose)} of spending with a purpose was for.`}
      testId="insight-purposes"
      empty={
        data.totals.with_purpose > 0 ? undefined : (
          <EmptyHint>
            No expense in this range has a purpose yet. Choose one (Survival, Optional, Culture, Unexpected)
            under ‘What was the purpose?’ when you add or edit an expense.
          </EmptyHint>
        )
      }
      chart={
        <DonutChart
          pieProps={animation}
          h={220}
          mx="auto"
          size={180}
          thickness={34}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={money}
          data={data.by_purpose
            .filter((share) => share.amount > 0)
            .map((share) => ({
              name: purposeLabel(share.purpose),
              value: share.amount,
              color: PURPOSE_COLORS[share.purpose],
            }))}
        />
      }
      table={
        <MoneyTable
          label="Spending by purpose"
          rowKey={(row) => row.purpose}
          rows={data.by_purpose}
          columns={[
            { label: 'Purpose', cell: (row) => purposeLabel(row.purpose) },
            { label: 'Amount', cell: (row) => money(row.amount), numeric: true },
            { label: 'Share', cell: (row) => `${row.percent}%`, numeric: true },
            { label: 'Expenses', cell: (row) => row.count, numeric: true },
          ]}
        />
      }
    />
  );
}

/** The four feelings' spending month by month, stacked. */
export function TrendSection({ data }: { data: InsightsResponse }) {
  const animation = useChartAnimation();
  const rows = trendRows(data.trend);
  return (
    <InsightSection
      title="Feelings month by month"
      description="Spending with each feeling in every month of the range."
      testId="insight-trend"
      stacked
      empty={data.totals.tagged > 0 ? undefined : <EmptyHint>{NO_FEELINGS}</EmptyHint>}
      chart={
        <BarChart
          barProps={animation}
          h={260}
          data={rows}
          dataKey="month"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          valueFormatter={money}
          yAxisProps={{ width: 70 }}
          series={FEELINGS.map((feeling) => ({
            name: feeling.value,
            label: feeling.label,
            color: FEELING_CHART_COLORS[feeling.value],
          }))}
        />
      }
      table={
        <MoneyTable
          label="Feelings month by month"
          rowKey={(row) => String(row.month)}
          rows={rows}
          columns={[
            { label: 'Month', cell: (row) => row.month },
            ...FEELINGS.map((feeling) => ({
              label: feeling.label,
              cell: (row: (typeof rows)[number]) => money(Number(row[feeling.value])),
              numeric: true,
            })),
          ]}
        />
      }
    />
  );
}
