import { useEffect, useMemo } from 'react';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { YearMonth } from '@mindspend/domain';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { useCurrentMonth } from '../../lib/current-month';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { LEDGER_PATH, idFromParam, ledgerAccountPath, ledgerMonthPath, monthFromParams, resolveAccount } from '../../shared/ledger-shell/ledger-paths';
import { setLedgerSelection, useLedgerSelection } from '../../shared/ledger-shell/ledger-selection';
import { useAccountMonths, useAccounts } from '../accounts/api';
import { useMonthTransactions } from '../transactions/api';
import { SecondLookButton } from '../second-look/SecondLookButton';
import { WaitingEntriesList } from '../transactions/waiting/WaitingEntriesList';
import { AccountsMenuBar } from './AccountsMenuBar';
import { UnbudgetedBanner } from '../budgets/UnbudgetedBanner';
import { useLedgerBudgets } from '../budgets/use-ledger-budgets';
import { AccountSummary } from './AccountSummary';
import { LedgerBanners } from './LedgerBanners';
import { MonthBar } from './MonthBar';
import { TransactionsSection } from './TransactionsSection';

/**
 * /ledger, /ledger/accounts/{accountId} and /ledger/accounts/{accountId}/month/{month}/year/{year}
 * (spec §2.3). The URL's account and month win; otherwise the session's choice (so the modal
 * routes under /ledger show the same ledger), else the first account and the current month.
 */
export function LedgerPage() {
  const params = useParams();
  const navigate = useNavigate();
  const selection = useLedgerSelection();
  const { month: currentMonth } = useCurrentMonth();
  const accounts = useAccounts();

  const urlMonth = monthFromParams(params.month, params.year);
  const wantedId = params.accountId === undefined ? selection.accountId : idFromParam(params.accountId);
  const { account, unknown } = resolveAccount(accounts.data ?? [], wantedId);
  const month: YearMonth = urlMonth ?? selection.month ?? currentMonth;
  const accountId = account?.id ?? null;

  useEffect(() => {
    if (urlMonth) setLedgerSelection({ month: urlMonth });
  }, [urlMonth?.year, urlMonth?.month]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!accounts.data) return;
    setLedgerSelection({ accountId });
    // Spec §2.3: an unknown account in the URL is replaced by the first account.
    if (params.accountId !== undefined && unknown) {
      const path = accountId === null ? LEDGER_PATH : urlMonth ? ledgerMonthPath(accountId, urlMonth) : ledgerAccountPath(accountId);
      void navigate(path, { replace: true });
    }
  }, [accounts.data, accountId, unknown, params.accountId, urlMonth, navigate]);

  const transactions = useMonthTransactions(accountId, month);
  const monthSummaries = useAccountMonths(month, accountId !== null);
  const monthSummary = monthSummaries.data?.find((entry) => entry.id === accountId)?.month_summary ?? null;
  const list = useMemo(() => transactions.data ?? [], [transactions.data]);
  const budgets = useLedgerBudgets(month, transactions.dataUpdatedAt);

  const goTo = (next: YearMonth) => {
    if (accountId === null) setLedgerSelection({ month: next });
    else void navigate(ledgerMonthPath(accountId, next));
  };
  const hasAccounts = (accounts.data?.length ?? 0) > 0;
  const accountIds = useMemo(() => (accounts.data ?? []).map((candidate) => candidate.id), [accounts.data]);
  const loadError = accounts.error ?? transactions.error;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} fz="h2">
            Ledger
          </Title>
          <SecondLookButton />
        </Group>
        <AccountsMenuBar
          accounts={accounts.data ?? []}
          selected={account}
          onSelect={(id) => void navigate(ledgerMonthPath(id, month))}
        />
        <MonthBar month={month} current={currentMonth} onChange={goTo} />
        <ErrorList messages={loadError ? (loadError instanceof ApiError ? loadError.messages : [UNEXPECTED_ERROR]) : []} />
        {account ? <AccountSummary account={account} month={monthSummary} period={month} transactions={list} budgets={budgets} /> : null}
        {accounts.data && !hasAccounts ? (
          <Paper withBorder radius="md" p="lg" ta="center" data-testid="no-accounts">
            <Text fw={600}>Add an account to start your ledger.</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Checking, savings or credit card: record its balance, then your transactions.
            </Text>
            <Button component={Link} to="/ledger/createAccount" leftSection={<IconPlus size={16} />}>
              Add Account
            </Button>
          </Paper>
        ) : null}
        <WaitingEntriesList accountId={accountId} accountIds={accountIds} />
        <LedgerBanners key={`${accountId ?? 0}-${month.year}-${month.month}`} transactions={list} accountId={accountId} />
        {accountId !== null ? <UnbudgetedBanner accountId={accountId} month={month} version={transactions.dataUpdatedAt} /> : null}
        <TransactionsSection
          transactions={list}
          loading={accounts.isPending || (accountId !== null && transactions.isPending)}
          month={month}
          hasAccounts={hasAccounts}
        />
      </Stack>
      <Outlet />
    </Container>
  );
}
