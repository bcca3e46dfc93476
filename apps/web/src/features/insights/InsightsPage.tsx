import '../../components/chart-page-styles';
import { useState } from 'react';
import {
  Alert,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { InsightView, InsightsResponse } from '@mindspend/api-contract';
import {
  LOW_COVERAGE_PERCENT,
  MAX_INSIGHT_MONTHS,
  coverageIsLow,
  coveragePercent,
  toCents,
} from '@mindspend/domain';
import { formatAmount } from '../../lib/money';
import { ErrorList } from '../../components/ErrorList';
import { MonthRangePickers } from '../../components/MonthRangePickers';
import { ApiError } from '../../lib/api-client';
import { useCurrentMonth } from '../../lib/current-month';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useAccounts } from '../accounts/api';
import { useCurrentBook, useMemberNamer } from '../books/api';
import { useInsights } from './api';
import { EmptyHint } from './EmptyHint';
import { CategorySection, RegretByCategorySection, RegretByPayeeSection } from './RegretSections';
import { FeelingSection, PurposeSection, TrendSection } from './FeelingSections';
import { ShiftByCategorySection, ShiftByPayeeSection } from './ShiftSections';
import { TogetherSection } from './TogetherSection';
import { TriggerSection } from './TriggerSection';
import { WhoseFeelings } from './WhoseFeelings';
import { defaultFilters, rangeLabel, rateText, type InsightsFilters } from './insights-range';

const ALL_ACCOUNTS = 'all';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={`insight-figure-${label}`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Totals({ data }: { data: InsightsResponse }) {
  const { totals } = data;
  // Rounded down, as the ledger's coverage line (DECISIONS.md #102): 100 % only when all is felt.
  const taggedShare = coveragePercent({ spentCents: toCents(totals.spent), feltCents: toCents(totals.tagged) });
  return (
    <>
      {coverageIsLow(taggedShare) ? (
        <Alert color="yellow" variant="light" data-testid="insights-low-coverage">
          Only {taggedShare}% of this spending has a feeling: the feeling figures below rest on too little to
          say much. Felt purchases of at least {LOW_COVERAGE_PERCENT}% of spending give figures worth
          reading.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label="Spent"
          value={formatAmount(toCents(totals.spent))}
          hint={`${totals.transaction_count} expenses`}
        />
        <Figure
          label="With a feeling"
          value={formatAmount(toCents(totals.tagged))}
          hint={`${taggedShare ?? 0}% of spending`}
        />
        <Figure label="No feeling yet" value={formatAmount(toCents(totals.untagged))} />
        <Figure label="Regret rate" value={rateText(data.regret.rate)} hint="of all spending" />
      </SimpleGrid>
    </>
  );
}

/** /insights: how spending felt over a range of months, for one account or all of them. */
export function InsightsPage() {
  const { month: current } = useCurrentMonth();
  const [chosen, setChosen] = useState<InsightsFilters | null>(null);
  const filters = chosen ?? defaultFilters(current);
  const accounts = useAccounts();
  const book = useCurrentBook();
  const nameOf = useMemberNamer();
  const shared = book !== undefined && !book.personal;
  const [chosenView, setChosenView] = useState<InsightView>('me');
  // A personal book has nobody to feel together with: back on it, the page shows the caller's own.
  const view = shared ? chosenView : 'me';
  const insights = useInsights(filters, view);
  const data = insights.data;

  return (
    <Container size="lg" py="lg" data-testid="insights-page">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Insights
          </Title>
          <Text c="dimmed" size="sm">
            How did your spending feel? {rangeLabel(filters.from, filters.to)}.
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MonthRangePickers
            range={filters}
            maxMonth={current}
            maxMonths={MAX_INSIGHT_MONTHS}
            onChange={setChosen}
          />
          <Select
            label="Account"
            data={[
              { value: ALL_ACCOUNTS, label: 'All accounts' },
              ...(accounts.data ?? []).map((account) => ({ value: String(account.id), label: account.name })),
            ]}
            value={filters.accountId === null ? ALL_ACCOUNTS : String(filters.accountId)}
            onChange={(value) =>
              setChosen({
                ...filters,
                accountId: value === null || value === ALL_ACCOUNTS ? null : Number(value),
              })
            }
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
          {shared ? <WhoseFeelings view={view} onChange={setChosenView} /> : null}
          {insights.isFetching && data ? <Loader size="sm" mb={8} aria-label="Updating" /> : null}
        </Group>
        <ErrorList
          messages={
            insights.error
              ? insights.error instanceof ApiError
                ? insights.error.messages
                : [UNEXPECTED_ERROR]
              : []
          }
        />
        {!data ? (
          insights.isPending ? (
            <Stack gap="sm">
              <Skeleton h={80} />
              <Skeleton h={260} />
              <Skeleton h={260} />
            </Stack>
          ) : null
        ) : data.totals.spent === 0 ? (
          <EmptyHint>
            No expenses in {rangeLabel(filters.from, filters.to)}
            {filters.accountId === null ? '' : ' on this account'}. Record your spending in the ledger and tag
            each expense with how it felt; the figures fill in as you go.
          </EmptyHint>
        ) : (
          <Stack gap="md">
            <Totals data={data} />
            {/* The check on the view too: the previous view's answer stays shown while the next loads. */}
            {view === 'together' && data.together ? (
              <TogetherSection together={data.together} nameOf={nameOf} />
            ) : null}
            <FeelingSection data={data} />
            <PurposeSection data={data} />
            <RegretByCategorySection data={data} />
            <RegretByPayeeSection data={data} />
            <TriggerSection data={data} />
            <ShiftByCategorySection data={data} />
            <ShiftByPayeeSection data={data} />
            <TrendSection data={data} />
            <CategorySection data={data} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
