import { BarChart } from '@mantine/charts';
import type { InsightsResponse, ShiftLineWire } from '@mindspend/api-contract';
import { EmptyHint } from './EmptyHint';
import { InsightSection } from './InsightSection';
import { MoneyTable } from './MoneyTable';
import { useChartAnimation } from '../../lib/chart-animation';

/** Enough bars to read, few enough to fit: the rest is in the table. */
const CHART_ROWS = 8;

const NO_SHIFTS =
  'No second looks to compare in this range yet (a shift needs a feeling from the time of purchase). Some days after a purchase the ledger offers a ‘Second look’: how does it feel now?';

const shiftColumns = (first: string) => [
  { label: first, cell: (row: ShiftLineWire) => row.name },
  { label: 'Looked again', cell: (row: ShiftLineWire) => row.compared, numeric: true },
  { label: 'Fine → regretted', cell: (row: ShiftLineWire) => row.soured, numeric: true },
  { label: 'Regretted → fine', cell: (row: ShiftLineWire) => row.warmed, numeric: true },
  { label: 'Other change', cell: (row: ShiftLineWire) => row.changed, numeric: true },
  { label: 'Soured', cell: (row: ShiftLineWire) => `${row.soured_percent}%`, numeric: true },
];

function ShiftBars({ lines, label }: { lines: ShiftLineWire[]; label: string }) {
  const animation = useChartAnimation();
  const rows = lines.slice(0, CHART_ROWS).map((line) => ({ name: line.name, soured: line.soured, warmed: line.warmed }));
  return (
    <BarChart
      barProps={animation}
      h={Math.max(160, rows.length * 36 + 40)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      type="stacked"
      yAxisProps={{ width: 130 }}
      // Counts of purchases: whole numbers only on the axis.
      xAxisProps={{ allowDecimals: false }}
      maxBarWidth={26}
      withLegend
      aria-label={label}
      series={[
        { name: 'soured', label: 'Fine at first, regretted later', color: 'red.6' },
        { name: 'warmed', label: 'Regretted, fine later', color: 'teal.6' },
      ]}
    />
  );
}

/** One second-look section: by category or by payee (DECISIONS.md #44). */
function ShiftSection({ lines, by, testId }: { lines: ShiftLineWire[]; by: 'Category' | 'Payee'; testId: string }) {
  const looked = lines.reduce((sum, line) => sum + line.compared, 0);
  return (
    <InsightSection
      title={`Second look by ${by.toLowerCase()}`}
      description={
        looked > 0
          ? `How ${looked} purchase${looked === 1 ? '' : 's'} felt when looked at again, against how they felt at the time.`
          : 'How purchases feel when looked at again, against how they felt at the time.'
      }
      testId={testId}
      empty={looked > 0 ? undefined : <EmptyHint>{NO_SHIFTS}</EmptyHint>}
      chart={<ShiftBars lines={lines.filter((line) => line.soured + line.warmed > 0)} label={`Feeling shifts by ${by.toLowerCase()}`} />}
      table={
        <MoneyTable
          label={`Second look by ${by.toLowerCase()}`}
          rowKey={(row) => `${row.id ?? 'none'}-${row.name}`}
          rows={lines}
          columns={shiftColumns(by)}
        />
      }
      stacked
    />
  );
}

export function ShiftByCategorySection({ data }: { data: InsightsResponse }) {
  return <ShiftSection lines={data.shifts.by_category} by="Category" testId="insight-shifts-category" />;
}

/** Left out while there are no second looks: the category section already says how to get some. */
export function ShiftByPayeeSection({ data }: { data: InsightsResponse }) {
  if (data.shifts.by_payee.length === 0) return null;
  return <ShiftSection lines={data.shifts.by_payee} by="Payee" testId="insight-shifts-payee" />;
}
