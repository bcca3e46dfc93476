import { useState } from 'react';
import { Button, Card, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import type { YearMonth } from '@mindspend/domain';
import { Link, Outlet } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { useCurrentMonth } from '../../lib/current-month';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useToday } from '../../lib/use-today';
import { useAccounts } from '../accounts/api';
import { useIncomeSources } from './api';
import { ExpectedIncomeCard } from './ExpectedIncomeCard';
import { IncomeSourcesTable } from './IncomeSourcesTable';

export const NO_SOURCES_TITLE = 'No income sources created yet';
export const NO_SOURCES_TEXT = 'Add your recurring income sources to get started.';

/** /income (spec §2.6, DECISIONS.md #4): the 'Income' tab with the sources and the month's expected income. */
export function IncomePage() {
  const { month: current } = useCurrentMonth();
  const today = useToday();
  const [chosen, setChosen] = useState<YearMonth | null>(null);
  const sources = useIncomeSources();
  const accounts = useAccounts();
  const list = sources.data ?? [];
  const addButton = (
    <Button component={Link} to="/income/add" leftSection={<IconPlus size={16} />}>
      Add Income Source
    </Button>
  );

  return (
    <Container size="lg" py="lg" data-testid="income-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz="h2">
            Income
          </Title>
          {list.length > 0 ? addButton : null}
        </Group>
        <Tabs value="income">
          <Tabs.List>
            <Tabs.Tab value="income" leftSection={<IconCash size={16} />}>
              Income
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <ErrorList
          messages={
            sources.error
              ? sources.error instanceof ApiError
                ? sources.error.messages
                : [UNEXPECTED_ERROR]
              : []
          }
        />
        {sources.isPending ? (
          <Stack gap="xs">
            <Skeleton h={64} />
            <Skeleton h={64} />
          </Stack>
        ) : list.length === 0 ? (
          <Card withBorder radius="lg" p="xl" data-testid="income-empty">
            <Stack align="center" gap="xs" ta="center">
              <IconCash size={40} stroke={1.4} color="var(--mantine-color-teal-6)" />
              <Title order={2} fz="h4">
                {NO_SOURCES_TITLE}
              </Title>
              <Text c="dimmed">{NO_SOURCES_TEXT}</Text>
              {addButton}
            </Stack>
          </Card>
        ) : (
          <>
            <IncomeSourcesTable sources={list} accounts={accounts.data ?? []} today={today} />
            <ExpectedIncomeCard month={chosen ?? current} onMonthChange={setChosen} />
          </>
        )}
      </Stack>
      <Outlet />
    </Container>
  );
}
