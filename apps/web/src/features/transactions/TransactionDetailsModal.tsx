import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsExchange } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { DEFAULT_ENTITY_EMOJI, dayOfWeek, monthName, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmountIn } from '../../lib/money';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { LedgerModal } from '../../shared/ledger-shell/LedgerModal';
import { LEDGER_PATH, idFromParam } from '../../shared/ledger-shell/ledger-paths';
import { useBudgetsMonth } from '../budgets/api';
import { budgetOfSubcategory, budgetTransactionsPath } from '../budgets/budget-view';
import { useTransaction } from './api';
import { FeelingIcon } from './FeelingIcon';
import { BaseAmountNote, ExchangeRateDetail } from './BaseAmountNote';
import { OthersFeelings } from './OthersFeelings';
import { RegretRadarAlert } from './RegretRadarAlert';
import { feelingLabel, purposeLabel } from './feelings';
import { transferLabel } from './transfer-label';

function longDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? `${dayOfWeek(date)}, ${monthName(date.month)} ${date.day}, ${date.year}` : iso;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" ta="right">
        {children}
      </Text>
    </Group>
  );
}

type Subcategory = Transaction['subcategories'][number];

/**
 * A sub-category, opening its budget's transactions for the transaction's month (spec §2.4); plain
 * text while the month's budgets load or when that sub-category has no budget.
 */
function CategoryLink({ subcategory, date }: { subcategory: Subcategory; date: string }) {
  const day = parseIsoDate(date);
  const budgets = useBudgetsMonth(day ?? { year: 0, month: 1 }, day !== null);
  const budget = budgetOfSubcategory(budgets.data?.budgets ?? [], subcategory.id);
  const text = `${subcategory.emoji} ${subcategory.name}`;
  if (!budget || !day) return text;
  return (
    <Anchor component={Link} to={budgetTransactionsPath(budget.id, day.year, day.month)} size="sm" data-testid="details-category">
      {text}
    </Anchor>
  );
}

/** One sub-category, or every part of a split with its own amount, each linking to its budget (issue 36). */
function Categories({ subcategories, date, currency }: { subcategories: readonly Subcategory[]; date: string; currency: string }) {
  const [only] = subcategories;
  if (!only) return 'Needs Category';
  if (subcategories.length === 1) return <CategoryLink subcategory={only} date={date} />;
  return (
    <Stack gap={2} align="flex-end" data-testid="details-split">
      {subcategories.map((part) => (
        <Group key={part.id} gap={6} wrap="nowrap" justify="flex-end">
          <CategoryLink subcategory={part} date={date} />
          <Text size="sm" c="dimmed" component="span">
            {formatAmountIn(toCents(part.amount), currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** A transfer's leg: neither income nor expense, so no feeling, purpose or category (docs/DECISIONS.md #47). */
function TransferDetails({ transaction, label }: { transaction: Transaction; label: string }) {
  const out = transaction.type === 'expense';
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="center" data-testid="details-amount">
        <IconArrowsExchange color="var(--mantine-color-indigo-6)" aria-label="Transfer" role="img" />
        <Title order={3} fz={28}>
          {out ? '-' : '+'}
          {formatAmountIn(toCents(transaction.amount), transaction.currency)}
        </Title>
      </Group>
      <BaseAmountNote transaction={transaction} sign={out ? '-' : '+'} />
      <Group justify="center" gap="xs">
        <Badge variant="light" color="indigo">
          Transfer
        </Badge>
      </Group>
      <Text ta="center" fw={600} size="lg" data-testid="details-entity">
        {label}
      </Text>
      <Text ta="center" c="dimmed" size="sm" mt={-8}>
        {longDate(transaction.date)}
      </Text>
      <Stack gap={6} mt="xs">
        <Detail label="Notes">{transaction.notes ?? '—'}</Detail>
        <Detail label="Description">{transaction.description ?? '—'}</Detail>
      </Stack>
      <Text size="xs" c="dimmed" ta="center">
        Money moved between your own accounts: it counts in both balances, never as income or spending.
      </Text>
    </Stack>
  );
}

function Details({ transaction }: { transaction: Transaction }) {
  const transfer = transferLabel(transaction);
  if (transfer) return <TransferDetails transaction={transaction} label={transfer} />;
  const income = transaction.type === 'income';
  const first = transaction.subcategories[0];
  const feeling = transaction.emotion_names[0];
  const name = transaction.entity?.name ?? transaction.payee ?? 'No payee';
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="center" data-testid="details-amount">
        {income ? (
          <IconArrowUp color="var(--mantine-color-teal-6)" aria-label="Money in" role="img" />
        ) : (
          <IconArrowDown color="var(--mantine-color-red-6)" aria-label="Money out" role="img" />
        )}
        <Title order={3} fz={28} c={income ? 'teal' : undefined}>
          {formatAmountIn(toCents(transaction.amount), transaction.currency)}
        </Title>
      </Group>
      <BaseAmountNote transaction={transaction} />
      <Group justify="center" gap="xs">
        <Badge variant="light" color={income ? 'teal' : 'red'}>
          {income ? 'Income' : 'Expense'}
        </Badge>
        <Badge variant="light" color={transaction.pending === 1 ? 'yellow' : 'gray'}>
          {transaction.pending === 1 ? 'Pending' : 'Completed'}
        </Badge>
      </Group>
      <Text ta="center" fw={600} size="lg" data-testid="details-entity">
        <span aria-hidden>{first?.emoji ?? DEFAULT_ENTITY_EMOJI}</span> {name}
      </Text>
      <Text ta="center" c="dimmed" size="sm" mt={-8}>
        {longDate(transaction.date)}
      </Text>
      {transaction.regret_warning ? <RegretRadarAlert warning={transaction.regret_warning} /> : null}
      <Stack gap={6} mt="xs">
        <Detail label="Feeling">
          {feeling ? (
            <Group gap={6} justify="flex-end">
              <FeelingIcon feeling={feeling} size={18} decorative />
              {feelingLabel(feeling)}
            </Group>
          ) : (
            'None'
          )}
        </Detail>
        {transaction.second_feeling ? (
          <Detail label="On a second look">
            <Group gap={6} justify="flex-end" data-testid="details-second-feeling">
              <FeelingIcon feeling={transaction.second_feeling} size={18} decorative />
              {feelingLabel(transaction.second_feeling)}
            </Group>
          </Detail>
        ) : null}
        <Detail label="Purpose">{transaction.purpose ? purposeLabel(transaction.purpose) : 'None'}</Detail>
        <Detail label={transaction.subcategories.length > 1 ? 'Split' : 'Category'}>
          <Categories subcategories={transaction.subcategories} date={transaction.date} currency={transaction.currency} />
        </Detail>
        <ExchangeRateDetail transaction={transaction} />
        <Detail label="Notes">
          <span style={{ whiteSpace: 'pre-line' }} data-testid="details-notes">
            {transaction.notes || '—'}
          </span>
        </Detail>
        <Detail label="Description">{transaction.description ?? '—'}</Detail>
      </Stack>
      <OthersFeelings members={transaction.feelings_by_member} />
    </Stack>
  );
}

/** /ledger/view-transaction/{id}: Transaction Details (spec §2.4); Close goes back one page. */
export function TransactionDetailsModal() {
  const navigate = useNavigate();
  const location = useLocation();
  const id = idFromParam(useParams().id);
  const transaction = useTransaction(id);
  if (id === null || transaction.isError) return <Navigate to={LEDGER_PATH} replace />;
  // Opened from a bookmark there is no page to go back to; the ledger is the page underneath.
  const close = () => void (location.key === 'default' ? navigate(LEDGER_PATH) : navigate(-1));
  return (
    <LedgerModal title="Transaction Details" onClose={close} size="md">
      {transaction.data ? <Details transaction={transaction.data} /> : <PageLoader />}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Close
        </Button>
        {transaction.data?.transfer_id != null ? (
          <Button component={Link} to={`/ledger/edit-transfer/${transaction.data.transfer_id}`}>
            Edit Transfer
          </Button>
        ) : (
          <>
            <Button variant="light" component={Link} to={`/settings/rules?from=${id}`}>
              Create rule
            </Button>
            <Button component={Link} to={`/ledger/edit-transaction/${id}`}>
              Edit Transaction
            </Button>
          </>
        )}
      </Group>
    </LedgerModal>
  );
}
