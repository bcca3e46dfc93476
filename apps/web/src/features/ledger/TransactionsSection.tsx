import { useMemo, useState } from 'react';
import { Button, Collapse, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowsExchange, IconFileImport, IconPlayerPause, IconPlus, IconReceipt, IconSearch } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import type { YearMonth } from '@mindspend/domain';
import { Link } from 'react-router';
import { CAPTURE_PATH, PAUSE_PURCHASE_PATH } from '../../shared/ledger-shell/ledger-paths';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS, filterTransactions, type LedgerFilters } from './ledger-filters';
import { TransactionFilters } from './TransactionFilters';
import { TransactionTable } from './TransactionTable';

interface TransactionsSectionProps {
  transactions: Transaction[];
  loading: boolean;
  month: YearMonth;
  hasAccounts: boolean;
}

/**
 * Spec §2.3: 'Transactions (count)', search, Add Transaction, Import, Filters and the table, and
 * the pause list's 'Pause a purchase' (issue 31), and 'Scan a receipt' (issue 33). Until the accounts are known (or while there are
 * none) the Add and Scan links are disabled for every reader:
 * `aria-disabled` tells assistive technology, and browser tests wait for it to clear instead of
 * clicking a link that does nothing.
 */
export function TransactionsSection({ transactions, loading, month, hasAccounts }: TransactionsSectionProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Omit<LedgerFilters, 'search'>>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const shown = useMemo(
    () => filterTransactions(transactions, { ...filters, search: debouncedSearch }),
    [transactions, filters, debouncedSearch],
  );
  const filtered = filters.type !== 'all' || filters.category !== 'all';

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="h3" data-testid="transactions-heading">
          Transactions ({shown.length})
        </Title>
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label="Search Transactions"
            placeholder="Search Transactions"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            disabled={!hasAccounts}
            w={{ base: '100%', xs: 240 }}
          />
          <Button
            variant={filtered ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
          >
            Filters
          </Button>
          <Button component={Link} to="/import-transactions" variant="default" leftSection={<IconFileImport size={16} />}>
            Import
          </Button>
          <Button
            component={Link}
            to="/ledger/add-transfer"
            variant="default"
            leftSection={<IconArrowsExchange size={16} />}
            disabled={!hasAccounts}
            aria-disabled={!hasAccounts}
            onClick={(event) => {
              if (!hasAccounts) event.preventDefault();
            }}
          >
            Add Transfer
          </Button>
          {/* A purchase not made yet needs no account: the pause form is open to everyone (issue 31). */}
          <Button component={Link} to={PAUSE_PURCHASE_PATH} variant="default" leftSection={<IconPlayerPause size={16} />}>
            Pause a purchase
          </Button>
          <Button
            component={Link}
            to={CAPTURE_PATH}
            variant="default"
            leftSection={<IconReceipt size={16} />}
            disabled={!hasAccounts}
            aria-disabled={!hasAccounts}
            onClick={(event) => {
              if (!hasAccounts) event.preventDefault();
            }}
          >
            Scan a receipt
          </Button>
          <Button
            component={Link}
            to="/ledger/add-transaction"
            leftSection={<IconPlus size={16} />}
            disabled={!hasAccounts}
            aria-disabled={!hasAccounts}
            onClick={(event) => {
              if (!hasAccounts) event.preventDefault();
            }}
          >
            Add Transaction
          </Button>
        </Group>
      </Group>
      <Collapse expanded={filtersOpen}>
        <TransactionFilters filters={{ ...filters, search: debouncedSearch }} onChange={({ search: _search, ...rest }) => setFilters(rest)} />
      </Collapse>
      <TransactionTable transactions={shown} loading={loading} month={month} />
    </Stack>
  );
}
