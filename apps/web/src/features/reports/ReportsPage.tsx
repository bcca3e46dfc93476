import '../../components/chart-page-styles';
import { useState } from 'react';
import { Button, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MAX_REPORT_MONTHS, reportMonthKey } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { MonthRangePickers } from '../../components/MonthRangePickers';
import { ApiError } from '../../lib/api-client';
import { useCurrentMonth } from '../../lib/current-month';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useAccounts } from '../accounts/api';
import { useCashFlow, useNetWorth, useSpending } from './api';
import { CashFlowSection } from './CashFlowSection';
import { NetWorthSection } from './NetWorthSection';
import { SpendingSection } from './SpendingSection';
import { type ReportFilters, defaultReportFilters, rangeLabel } from './report-range';

const messagesOf = (error: unknown) => (error ? (error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]) : []);

/** /reports: net worth, cash flow and spending over a range of months, each as a chart, a table and a CSV file. */
export function ReportsPage() {
  const { month: current } = useCurrentMonth();
  const [chosen, setChosen] = useState<ReportFilters | null>(null);
  const filters = chosen ?? defaultReportFilters(current);
  const accounts = useAccounts();
  const netWorth = useNetWorth(filters);
  const cashFlow = useCashFlow(filters);
  const spending = useSpending(filters, filters.group);
  const from = reportMonthKey(filters.from);
  const to = reportMonthKey(filters.to);
  const fetching = netWorth.isFetching || cashFlow.isFetching || spending.isFetching;
  const errors = [...new Set([accounts.error, netWorth.error, cashFlow.error, spending.error].flatMap(messagesOf))];

  return (
    <Container size="lg" py="lg" data-testid="reports-page">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Reports
          </Title>
          <Text c="dimmed" size="sm">
            Your money month by month, {rangeLabel(filters.from, filters.to)}.
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MonthRangePickers range={filters} maxMonth={current} maxMonths={MAX_REPORT_MONTHS} onChange={setChosen} />
          <Button variant="subtle" onClick={() => setChosen({ ...defaultReportFilters(current), group: filters.group })}>
            Last 12 months
          </Button>
          {fetching ? <Loader size="sm" mb={8} aria-label="Updating" /> : null}
        </Group>
        <ErrorList messages={errors} />
        {netWorth.data && accounts.data ? (
          <NetWorthSection rows={netWorth.data} hasAccounts={accounts.data.length > 0} from={from} to={to} />
        ) : (
          <Skeleton h={360} />
        )}
        {cashFlow.data ? <CashFlowSection rows={cashFlow.data} from={from} to={to} /> : <Skeleton h={360} />}
        {spending.data ? (
          <SpendingSection
            rows={spending.data}
            group={filters.group}
            onGroup={(group) => setChosen({ ...filters, group })}
            range={filters}
            from={from}
            to={to}
          />
        ) : (
          <Skeleton h={400} />
        )}
      </Stack>
    </Container>
  );
}
