import { useState, type ReactNode } from 'react';
import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { budgetsPath, compareMonths, monthName, type YearMonth } from '@mindspend/domain';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { useCurrentMonth } from '../../lib/current-month';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { AddBudgetForm } from './AddBudgetForm';
import { useBudgetSearch, useBudgetsMonth } from './api';
import { BUDGET_TABS, TAB_NAMES, budgetsOfTab, emptyText, type BudgetTab } from './budget-view';
import { BudgetList } from './BudgetList';
import { MonthHeader } from './MonthHeader';
import { OverviewFigures } from './OverviewFigures';
import { PlannedSpending } from './PlannedSpending';
import { SuggestionsGate } from './SuggestionsGate';
import { monthOfParams } from './month-params';
import { PurposeTargetsCard } from '../purposes/PurposeTargetsCard';
import { ReflectionCard } from '../purposes/ReflectionCard';

/** Spec §2.5: search waits 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /budgets/month/{month}/year/{year} (spec §2.5). The budget and edit-budget routes show the same
 * page for their month under their modal.
 */
export function BudgetsPage({ modal }: { modal?: ReactNode }) {
  const params = useParams();
  const { month: current } = useCurrentMonth();
  const month = monthOfParams(params.month, params.year);
  if (!month) return <Navigate to={budgetsPath(current)} replace />;
  return <BudgetsMonth month={month} current={current} modal={modal} />;
}

function BudgetsMonth({
  month,
  current,
  modal,
}: {
  month: YearMonth;
  current: YearMonth;
  modal?: ReactNode;
}) {
  const navigate = useNavigate();
  const today = useToday();
  const [tab, setTab] = useState<BudgetTab>('combined');
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const data = useBudgetsMonth(month);
  const found = useBudgetSearch(query, month);

  const all = data.data?.budgets ?? [];
  const shown = query === '' ? all : (found.data?.budgets ?? []);
  const future = compareMonths(month, current) > 0;
  const isCurrent = compareMonths(month, current) === 0;
  const label = `${monthName(month.month)} ${month.year}`;
  const error = data.error ?? found.error;

  return (
    <Container size="lg" py="lg" data-testid="budgets-page">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Budgets
        </Title>
        <MonthHeader month={month} onChange={(next) => void navigate(budgetsPath(next))} />
        <Group justify="space-between" wrap="wrap">
          <TextInput
            placeholder="Search Budgets"
            aria-label="Search Budgets"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            disabled={all.length === 0 && search === ''}
            w={{ base: '100%', xs: 280 }}
          />
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={adding || !isCurrent}
            onClick={() => setAdding(true)}
          >
            Add Budget
          </Button>
        </Group>
        {adding ? <AddBudgetForm month={month} onDone={() => setAdding(false)} /> : null}
        <ErrorList
          messages={error ? (error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]) : []}
        />
        <PlannedSpending month={month} current={current} today={today} />
        <Tabs value={tab} onChange={(value) => value && setTab(value as BudgetTab)}>
          {/* One line of tabs even on a phone: they scroll sideways rather than wrap under each other (issue 13). */}
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}>
            {BUDGET_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} px="xs" fz={{ base: 'xs', xs: 'sm' }} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {TAB_NAMES[key].label} ({budgetsOfTab(all, key).length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {data.data ? (
          <>
            <OverviewFigures tab={tab} summary={data.data.summary} month={month} />
            <BudgetList budgets={budgetsOfTab(shown, tab)} future={future} empty={emptyText(tab, label)} />
          </>
        ) : data.isPending ? (
          <Stack gap="xs">
            <Skeleton h={72} />
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : null}
        {/* Kakeibo, after the budgets the page is about: the month's purposes against their targets, and the month-end reflection beside them (DECISIONS.md #45). */}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <PurposeTargetsCard key={`${month.year}-${month.month}`} month={month} />
          <ReflectionCard key={`r-${month.year}-${month.month}`} month={month} today={today} />
        </SimpleGrid>
      </Stack>
      <SuggestionsGate hasBudgets={data.data ? all.length > 0 : null} month={month} />
      <Outlet />
      {modal}
    </Container>
  );
}
