import { BarChart } from '@mantine/charts';
import { List, Stack, Text, Title } from '@mantine/core';
import type { InsightsResponse, RegretLineWire } from '@mindspend/api-contract';
import { toCents } from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { EmptyHint } from './EmptyHint';
import { rateText } from './insights-range';
import { InsightSection } from './InsightSection';
import { MoneyTable } from './MoneyTable';
import { useChartAnimation } from '../../lib/chart-animation';

const money = (dollars: number) => formatAmount(toCents(dollars));
/** Enough bars to read, few enough to fit: the rest is in the table. */
const CHART_ROWS = 8;

const regretColumns = (first: string) => [
  { label: first, cell: (row: RegretLineWire) => row.name },
  { label: 'Spent', cell: (row: RegretLineWire) => money(row.spent), numeric: true },
  { label: 'Regretted', cell: (row: RegretLineWire) => money(row.regretted), numeric: true },
  { label: 'Regret rate', cell: (row: RegretLineWire) => rateText(row.rate), numeric: true },
];

function RegretBars({ lines, label }: { lines: RegretLineWire[]; label: string }) {
  const animation = useChartAnimation();
  const rows = lines.slice(0, CHART_ROWS).map((line) => ({ name: line.name, rate: line.rate }));
  return (
    <BarChart
      barProps={animation}
      h={Math.max(160, rows.length * 36 + 40)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 130 }}
      xAxisProps={{ domain: [0, 100] }}
      valueFormatter={(value) => rateText(value)}
      maxBarWidth={26}
      // A labelled picture of the table below it.
      role="img"
      aria-label={label}
      series={[{ name: 'rate', label: 'Regret rate', color: 'red.6' }]}
    />
  );
}

const NO_REGRET =
  'Nothing in this range is tagged ‘Regretted it’. Regret rates appear once some expenses carry that feeling.';

/** The share of spending tagged 'Regretted it', by category. */
export function RegretByCategorySection({ data }: { data: InsightsResponse }) {
  const regret = data.regret;
  return (
    <InsightSection
      title={`Regret rate: ${rateText(regret.rate)}`}
      description={`${money(regret.regretted)} of ${money(data.totals.spent)} spent was tagged ‘Regretted it’. By category:`}
      testId="insight-regret-category"
      empty={regret.regretted > 0 ? undefined : <EmptyHint>{NO_REGRET}</EmptyHint>}
      chart={
        <RegretBars
          lines={regret.by_category.filter((line) => line.regretted > 0)}
          label="Regret rate by category"
        />
      }
      table={
        <MoneyTable
          label="Regret rate by category"
          rowKey={(row) => `${row.id ?? 'none'}-${row.name}`}
          rows={regret.by_category}
          columns={regretColumns('Category')}
        />
      }
    />
  );
}

/** Regret by payee, headed by the payees with the most regretted spending. */
export function RegretByPayeeSection({ data }: { data: InsightsResponse }) {
  const regret = data.regret;
  return (
    <InsightSection
      title="Regret by payee"
      description="Where regretted money went."
      testId="insight-regret-payee"
      empty={regret.regretted > 0 ? undefined : <EmptyHint>{NO_REGRET}</EmptyHint>}
      chart={
        <Stack gap="xs">
          <RegretBars lines={regret.top_payees} label="Regret rate of the top regretted payees" />
          <div data-testid="top-regretted-payees">
            <Title order={3} fz="sm">
              Top regretted payees
            </Title>
            <List type="ordered" size="sm" spacing={2}>
              {regret.top_payees.map((line) => (
                <List.Item key={`${line.id ?? 'none'}-${line.name}`}>
                  <Text span size="sm" fw={600}>
                    {line.name}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    {money(line.regretted)} regretted ({rateText(line.rate)})
                  </Text>
                </List.Item>
              ))}
            </List>
          </div>
        </Stack>
      }
      table={
        <MoneyTable
          label="Regret by payee"
          rowKey={(row) => `${row.id ?? 'none'}-${row.name}`}
          rows={regret.by_payee}
          columns={regretColumns('Payee')}
        />
      }
    />
  );
}

/** Spending per category, largest first. */
export function CategorySection({ data }: { data: InsightsResponse }) {
  const animation = useChartAnimation();
  const rows = data.by_category
    .slice(0, CHART_ROWS)
    .map((line) => ({ name: line.name, amount: line.amount }));
  return (
    <InsightSection
      title="Spending by category"
      description="Every expense of the range, feeling or not."
      testId="insight-categories"
      empty={
        data.by_category.length > 0 ? undefined : (
          <EmptyHint>No spending in this range yet. Record expenses and give them a category.</EmptyHint>
        )
      }
      chart={
        <BarChart
          barProps={animation}
          h={Math.max(160, rows.length * 36 + 40)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          valueFormatter={money}
          maxBarWidth={26}
          series={[{ name: 'amount', label: 'Spent', color: 'blue.6' }]}
        />
      }
      table={
        <MoneyTable
          label="Spending by category"
          rowKey={(row) => `${row.id ?? 'none'}-${row.name}`}
          rows={data.by_category}
          columns={[
            { label: 'Category', cell: (row) => row.name },
            { label: 'Amount', cell: (row) => money(row.amount), numeric: true },
            { label: 'Share', cell: (row) => `${row.percent}%`, numeric: true },
          ]}
        />
      }
    />
  );
}
